import { useState } from 'react'
import { Form } from 'react-router'
import {
  API_TOKEN_DEFAULT_EXPIRY,
  API_TOKEN_EXPIRIES,
  API_TOKEN_EXPIRY_LABELS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_FIELDS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiTokenListItem,
} from '~/domain/api-tokens/api-tokens-schema'
import type { ProfileAnswer } from '~/domain/users/profile-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatCalendarDate, formatRelative } from '~/lib/dates'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Field, FieldError } from '~/components/ui/field'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { AuthField } from './auth-field'
import { FormMessage } from './form-message'
import { answerFor } from './profile-answer'
import { SubmitButton } from './submit-button'

/** A token as the panel shows it, its dates already in words (the server's render time). */
export interface ApiTokenView {
  id: number
  name: string
  tokenPrefix: string
  scopes: string[]
  created: string
  expires: string
  lastUsed: string
  state: 'active' | 'expired' | 'revoked'
}

export function toApiTokenView(token: ApiTokenListItem, now: Date): ApiTokenView {
  const expired = token.expiresAt !== null && token.expiresAt.getTime() <= now.getTime()
  return {
    id: token.id,
    name: token.name,
    tokenPrefix: token.tokenPrefix,
    scopes: token.scopes.map((scope) => API_TOKEN_SCOPE_LABELS[scope]),
    created: formatRelative(token.createdAt, now),
    expires: token.expiresAt
      ? `${expired ? 'Expired' : 'Expires'} ${formatCalendarDate(token.expiresAt)}`
      : 'Never expires',
    lastUsed: token.lastUsedAt
      ? `Last used ${formatRelative(token.lastUsedAt, now)}`
      : 'Never used',
    state: token.revokedAt ? 'revoked' : expired ? 'expired' : 'active',
  }
}

/** The token just made, in full, this once. */
function NewToken({ name, token }: { name: string; token: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="grid gap-3 rounded-md border border-primary/40 bg-muted/40 p-4">
      <p className="text-sm font-medium">
        Your new token “{name}”. Copy it now: it will not be shown again.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <code
          className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1 font-mono text-sm"
          data-testid="new-api-token"
        >
          {token}
        </code>
        <Button
          type="button"
          variant="outline"
          className="h-9"
          onClick={() => {
            void navigator.clipboard?.writeText(token).then(() => setCopied(true))
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  )
}

/** Personal API tokens (docs/admin-api.md): make one (shown once), see them, revoke one. */
export function ApiTokensPanel({
  tokens,
  answer,
}: {
  tokens: ApiTokenView[]
  answer: ActionResult<ProfileAnswer> | undefined
}) {
  const create = answerFor(answer, 'create-token')
  const revoke = answerFor(answer, 'revoke-token')
  const errors = create?.fieldErrors
  return (
    <>
      {create?.apiToken ? <NewToken {...create.apiToken} /> : null}
      <FormMessage kind="error" message={revoke?.formError} />
      {tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          You have no API tokens yet. Make one for a script or tool that writes or files stories for
          you.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
            >
              <div className="grid min-w-0 gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {token.name}
                  <code className="font-mono text-xs text-muted-foreground">
                    {token.tokenPrefix}…
                  </code>
                  {token.state !== 'active' ? (
                    <Badge variant="secondary">
                      {token.state === 'revoked' ? 'Revoked' : 'Expired'}
                    </Badge>
                  ) : null}
                </p>
                <p className="text-muted-foreground">{token.scopes.join(', ')}</p>
                <p className="text-muted-foreground">
                  Created {token.created} · {token.expires} · {token.lastUsed}
                </p>
              </div>
              {token.state === 'active' ? (
                <Form method="post" action="/profile#api-tokens">
                  <input type="hidden" name="tokenId" value={token.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="revoke-token"
                    variant="outline"
                    className="h-9"
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <FormMessage kind="error" message={create?.formError} />
      {/* A new key after each token made: the form starts again empty. */}
      <Form
        key={create?.apiToken?.token ?? 'new'}
        method="post"
        action="/profile#api-tokens"
        className="grid gap-4 border-t pt-4 sm:max-w-md"
      >
        <h3 className="font-medium">New token</h3>
        <AuthField
          name="tokenName"
          label="Name"
          placeholder="What it is for, e.g. Wire importer"
          maxLength={API_TOKEN_NAME_MAX}
          errors={errors?.tokenName}
          required
        />
        <Field>
          <Label htmlFor="field-expiresIn">Expires</Label>
          <NativeSelect
            id="field-expiresIn"
            name="expiresIn"
            defaultValue={API_TOKEN_DEFAULT_EXPIRY}
            aria-invalid={errors?.expiresIn ? true : undefined}
            aria-describedby={errors?.expiresIn ? 'field-expiresIn-error' : undefined}
          >
            {API_TOKEN_EXPIRIES.map((expiry) => (
              <option key={expiry} value={expiry}>
                {API_TOKEN_EXPIRY_LABELS[expiry]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="field-expiresIn-error" errors={errors?.expiresIn} />
        </Field>
        <fieldset
          className="grid gap-2"
          aria-describedby={errors?.scopes ? 'field-scopes-error' : undefined}
        >
          <legend className="mb-1 text-sm font-medium">It may</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <Checkbox name={API_TOKEN_SCOPE_FIELDS[scope]} defaultChecked />
              {API_TOKEN_SCOPE_LABELS[scope]}
            </label>
          ))}
          <FieldError id="field-scopes-error" errors={errors?.scopes} />
        </fieldset>
        <SubmitButton
          intent="create-token"
          label="Create token"
          pendingLabel="Creating ..."
          className="justify-self-start"
        />
      </Form>
    </>
  )
}
