import { Form } from 'react-router'
import type { ProfileAnswer } from '~/domain/users/profile-schema'
import type { ActionResult } from '~/lib/action-result'
import { AuthField, CurrentPasswordField } from './auth-field'
import { FormMessage } from './form-message'
import { answerFor } from './profile-answer'
import { SubmitButton } from './submit-button'

export type TwoFactorView =
  | { state: 'off' }
  | { state: 'pending'; enrolment: { qrCode: string; manualKey: string } }
  | { state: 'on' }

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-3 rounded-md border border-primary/40 bg-muted/40 p-4">
      <p className="text-sm font-medium">
        Your backup codes. Each works once if you lose your authenticator app. Save them now: they
        will not be shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  )
}

/** Enrol (QR code, then a code), show backup codes once, regenerate them, or turn it off. */
export function TwoFactorPanel({
  status,
  answer,
}: {
  status: TwoFactorView
  answer: ActionResult<ProfileAnswer> | undefined
}) {
  if (answer?.backupCodes?.length) {
    return (
      <>
        <FormMessage kind="success" message="Two-factor authentication is on." />
        <BackupCodes codes={answer.backupCodes} />
      </>
    )
  }
  if (status.state === 'pending') {
    const confirm = answerFor(answer, 'confirm-2fa')
    const cancel = answerFor(answer, 'cancel-2fa')
    return (
      <>
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          <li>Scan this QR code with an authenticator app, or type the key in by hand.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="flex flex-wrap items-center gap-6">
          <img
            src={status.enrolment.qrCode}
            alt="QR code for your authenticator app"
            width={220}
            height={220}
            className="rounded-md border bg-white p-2"
          />
          <p className="grid gap-1 text-sm">
            <span className="text-muted-foreground">Key</span>
            <code className="break-all font-mono text-base" data-testid="totp-key">
              {status.enrolment.manualKey}
            </code>
          </p>
        </div>
        <FormMessage kind="error" message={confirm?.formError ?? cancel?.formError} />
        <Form method="post" className="grid gap-4 sm:max-w-sm">
          <AuthField
            name="code"
            label="Code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            errors={confirm?.fieldErrors?.code}
            required
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton
              intent="confirm-2fa"
              label="Verify and turn on"
              pendingLabel="Verifying ..."
              className=""
            />
          </div>
        </Form>
        <Form method="post">
          <SubmitButton
            intent="cancel-2fa"
            label="Cancel set-up"
            pendingLabel="Cancelling ..."
            variant="outline"
            className=""
          />
        </Form>
      </>
    )
  }
  if (status.state === 'on') {
    const turnOff = answerFor(answer, 'disable-2fa', 'backup-codes')
    return (
      <>
        <FormMessage kind="success" message="Two-factor authentication is on." />
        <FormMessage kind="error" message={turnOff?.formError} />
        <Form method="post" className="grid gap-4 sm:max-w-sm">
          <CurrentPasswordField errors={turnOff?.fieldErrors?.password} required />
          <div className="flex flex-wrap gap-3">
            <SubmitButton
              intent="backup-codes"
              label="New backup codes"
              pendingLabel="Generating ..."
              variant="outline"
              className=""
            />
            <SubmitButton
              intent="disable-2fa"
              label="Turn off two-factor"
              pendingLabel="Turning off ..."
              variant="destructive"
              className=""
            />
          </div>
        </Form>
      </>
    )
  }
  const enable = answerFor(answer, 'enable-2fa')
  return (
    <>
      <FormMessage kind="error" message={enable?.formError} />
      <Form method="post" className="grid gap-4 sm:max-w-sm">
        <CurrentPasswordField errors={enable?.fieldErrors?.password} required />
        <SubmitButton
          intent="enable-2fa"
          label="Set up two-factor"
          pendingLabel="Starting ..."
          className=""
        />
      </Form>
    </>
  )
}
