import { Form } from 'react-router'
import type { ProfileAnswer } from '~/domain/users/profile-schema'
import type { ActionResult } from '~/lib/action-result'
import { Badge } from '~/components/ui/badge'
import { FormMessage } from './form-message'
import { answerFor } from './profile-answer'
import { SubmitButton } from './submit-button'

export interface SessionView {
  id: string
  device: string
  ipAddress: string | null
  signedIn: string
  lastActive: string
  current: boolean
}

/** The sign-out scopes of docs/product.md §4: one session, all others, all. */
export function SessionsPanel({
  sessions,
  answer,
}: {
  sessions: SessionView[]
  answer: ActionResult<ProfileAnswer> | undefined
}) {
  const others = sessions.filter((s) => !s.current).length
  const failed = answerFor(answer, 'revoke-session', 'revoke-others', 'revoke-all')
  return (
    <>
      <FormMessage kind="error" message={failed?.formError} />
      <ul className="grid gap-3">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
          >
            <div className="grid gap-1 text-sm">
              <p className="flex items-center gap-2 font-medium">
                {session.device}
                {session.current ? <Badge variant="secondary">This device</Badge> : null}
              </p>
              <p className="text-muted-foreground">
                {session.ipAddress ? `${session.ipAddress} · ` : ''}Signed in {session.signedIn} ·
                Last active {session.lastActive}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="sessionId" value={session.id} />
              <SubmitButton
                intent="revoke-session"
                label="Sign out"
                pendingLabel="Signing out ..."
                variant="outline"
                className="h-9"
              />
            </Form>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {others > 0 ? (
          <Form method="post">
            <SubmitButton
              intent="revoke-others"
              label="Sign out of all other sessions"
              pendingLabel="Signing out ..."
              variant="outline"
              className=""
            />
          </Form>
        ) : null}
        <Form method="post">
          <SubmitButton
            intent="revoke-all"
            label="Sign out of all sessions"
            pendingLabel="Signing out ..."
            variant="destructive"
            className=""
          />
        </Form>
      </div>
    </>
  )
}
