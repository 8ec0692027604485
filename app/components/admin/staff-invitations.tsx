import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import { ROLE_DESCRIPTIONS, ROLE_NAMES, STAFF_ROLES, type Role } from '~/domain/access/access-rules'
import { INVITATION_DAYS, inviteSchema } from '~/domain/users/invitations-schema'
import type { ActionResult } from '~/lib/action-result'
import { useFormErrors } from '~/lib/use-form-errors'
import { ConfirmAction } from './confirm-action'
import { EmailAddress } from './email-address'
import { useActionToast } from './use-action-toast'

/** The Users screen's "Invite staff": an address and a role; closes once the mail is sent. */
export function InviteStaffDialog() {
  const [open, setOpen] = useState(false)
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const [role, setRole] = useState<Role>('contributor')
  const { errors, onSubmit } = useFormErrors(
    inviteSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )
  const busy = fetcher.state !== 'idle'

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) setOpen(false)
  }, [fetcher.state, fetcher.data])

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Invite staff</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite staff</DialogTitle>
          <DialogDescription>
            We mail a link that works once, for {INVITATION_DAYS} days. The account is made when
            they accept it: they choose the name their bylines show and a password.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
          <input type="hidden" name="intent" value="invite" />
          <input type="hidden" name="role" value={role} />
          <Field>
            <Label htmlFor="invite-email">Email address</Label>
            <Input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              placeholder="name@example.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'invite-email-error' : undefined}
            />
            <FieldError id="invite-email-error" errors={errors.email} />
          </Field>
          <Field>
            <Label htmlFor="invite-role">Role</Label>
            <Select value={role} onValueChange={(value) => setRole(value as Role)}>
              <SelectTrigger
                id="invite-role"
                aria-describedby="invite-role-hint"
                aria-invalid={errors.role ? true : undefined}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STAFF_ROLES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {ROLE_NAMES[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id="invite-role-hint" className="text-xs text-muted-foreground">
              {ROLE_DESCRIPTIONS[role]}
            </p>
            <FieldError id="invite-role-error" errors={errors.role} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send invitation'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

export interface PendingInvitationRow {
  id: number
  email: string
  role: Role
  /** "December 3, 2026 at 2:32 PM", in the paper's time zone. */
  expiresLabel: string
  expired: boolean
}

/** Invitations not yet accepted, each with Resend (a new link) and Revoke. */
export function PendingInvitations({ invitations }: { invitations: PendingInvitationRow[] }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  if (invitations.length === 0) return null
  const submit = (intent: 'resend-invitation' | 'revoke-invitation', id: number) =>
    fetcher.submit({ intent, invitationId: String(id) }, { method: 'post' })

  return (
    <Card className="mb-6">
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">
          <h2>Pending invitations</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div className="grid min-w-0 gap-1">
                <span className="font-medium">
                  <EmailAddress email={invitation.email} />
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant="secondary">{invitation.role}</Badge>
                  {invitation.expired ? (
                    <Badge variant="outline">Expired</Badge>
                  ) : (
                    `Link works until ${invitation.expiresLabel}`
                  )}
                </span>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => submit('resend-invitation', invitation.id)}
                >
                  Resend<span className="sr-only"> the invitation to {invitation.email}</span>
                </Button>
                <ConfirmAction
                  question={`Revoke the invitation to ${invitation.email}?`}
                  description="Its link stops working at once. You can invite the address again later."
                  confirmLabel="Revoke"
                  onConfirm={() => submit('revoke-invitation', invitation.id)}
                  trigger={
                    <Button variant="outline" size="sm" disabled={busy}>
                      Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
                    </Button>
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
