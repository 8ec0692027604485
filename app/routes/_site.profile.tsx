import { data, redirect, useActionData, useLoaderData } from 'react-router'
import { AccountForms } from '~/components/auth/account-forms'
import { authMeta } from '~/components/auth/auth-meta'
import { FormMessage } from '~/components/auth/form-message'
import { ProfileSection } from '~/components/auth/profile-section'
import { SessionsPanel } from '~/components/auth/sessions-panel'
import { TwoFactorPanel } from '~/components/auth/two-factor-panel'
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateBackupCodes,
  revokeOtherSessions,
  signOut,
} from '~/domain/users/account.server'
import {
  changePasswordSchema,
  passwordConfirmSchema,
  totpCodeSchema,
  usernameSchema,
} from '~/domain/users/auth-schema'
import { ProfileError, updateUsername } from '~/domain/users/profile.server'
import {
  listActiveSessions,
  revokeUserSession,
  revokeUserSessions,
} from '~/domain/users/sessions.server'
import {
  cancelTwoFactorEnrolment,
  getTwoFactorStatus,
  readBackupCodes,
} from '~/domain/users/two-factor.server'
import { describeUserAgent } from '~/domain/users/user-agent'
import { getBrandName } from '~/infra/auth-mail.server'
import { getSession, requireUser } from '~/infra/permissions.server'
import { createToastHeaders, redirectWithToast } from '~/infra/toast.server'
import { formatRelative } from '~/lib/dates'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'
import type { Route } from './+types/_site.profile'

async function requireProfile(request: Request) {
  const user = await requireUser(request)
  const current = await getSession(request)
  if (!current) throw redirect('/signin?redirectTo=%2Fprofile')
  return { user, sessionId: current.session.id }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, sessionId } = await requireProfile(request)
  const [sessions, twoFactor] = await Promise.all([
    listActiveSessions(user.id, sessionId),
    getTwoFactorStatus(user, await getBrandName()),
  ])
  const now = new Date()
  return {
    user: { email: user.email, username: user.username ?? '' },
    enrolRequired: new URL(request.url).searchParams.get('enrol') === '2fa',
    twoFactor,
    sessions: sessions.map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress,
      signedIn: formatRelative(s.createdAt, now),
      lastActive: formatRelative(s.lastActiveAt, now),
      current: s.current,
    })),
  }
}

type Feedback = {
  intent: string
  errors?: FieldErrors
  formError?: string | null
  backupCodes?: string[]
}

function invalid(intent: string, feedback: Omit<Feedback, 'intent'>, init?: ResponseInit) {
  return data<Feedback>({ intent, ...feedback }, { status: 400, ...init })
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = await requireProfile(request)
  const form = await request.formData()
  const values = Object.fromEntries(form)
  const intent = String(values.intent ?? '')
  const caller = { request, clientIp: context.clientIp }
  const saved = (title: string, description: string, headers?: Headers) =>
    redirectWithToast('/profile', { type: 'success', title, description }, { headers })

  switch (intent) {
    case 'username': {
      const parsed = usernameSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, { errors: fieldErrorsOf(parsed.error) })
      try {
        await updateUsername(user.id, parsed.data.username)
      } catch (error) {
        if (error instanceof ProfileError) {
          return invalid(intent, { errors: { username: [error.message] } })
        }
        throw error
      }
      return saved('Profile updated', 'Your username has been saved.')
    }
    case 'password': {
      const parsed = changePasswordSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, { errors: fieldErrorsOf(parsed.error) })
      const result = await changePassword(caller, parsed.data)
      if (!result.ok) {
        return invalid(
          intent,
          { formError: result.message },
          { status: result.status, headers: result.headers },
        )
      }
      return saved(
        'Password updated',
        'Your password has been updated. Your other sessions have been signed out.',
        result.headers,
      )
    }
    case 'enable-2fa': {
      const parsed = passwordConfirmSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, { errors: fieldErrorsOf(parsed.error) })
      const result = await enableTwoFactor(caller, {
        password: parsed.data.password,
        issuer: await getBrandName(),
      })
      if (!result.ok) {
        return invalid(
          intent,
          { formError: result.message },
          { status: result.status, headers: result.headers },
        )
      }
      return redirect('/profile#two-factor', { headers: result.headers })
    }
    case 'confirm-2fa': {
      const parsed = totpCodeSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, { errors: fieldErrorsOf(parsed.error) })
      const result = await confirmTwoFactor(caller, parsed.data.code)
      if (!result.ok) {
        return invalid(
          intent,
          { formError: result.message },
          { status: result.status, headers: result.headers },
        )
      }
      const headers = result.headers
      const toast = await createToastHeaders({
        type: 'success',
        title: 'Two-factor authentication is on',
        description: 'Save your backup codes now: they are shown only once.',
      })
      for (const cookie of toast.getSetCookie()) headers.append('Set-Cookie', cookie)
      return data<Feedback>({ intent, backupCodes: await readBackupCodes(user.id) }, { headers })
    }
    case 'cancel-2fa': {
      // An enrolment that is already on is turned off only with the password (disable-2fa).
      if (!user.twoFactorEnabled) await cancelTwoFactorEnrolment(user.id)
      return redirect('/profile#two-factor')
    }
    case 'disable-2fa':
    case 'backup-codes': {
      const parsed = passwordConfirmSchema.safeParse(values)
      if (!parsed.success) return invalid(intent, { errors: fieldErrorsOf(parsed.error) })
      if (intent === 'disable-2fa') {
        const result = await disableTwoFactor(caller, parsed.data.password)
        if (!result.ok) {
          return invalid(
            intent,
            { formError: result.message },
            { status: result.status, headers: result.headers },
          )
        }
        return saved(
          'Two-factor authentication is off',
          'Sign-in now asks for your password only.',
          result.headers,
        )
      }
      const result = await regenerateBackupCodes(caller, parsed.data.password)
      if (!result.ok) {
        return invalid(
          intent,
          { formError: result.message },
          { status: result.status, headers: result.headers },
        )
      }
      return data<Feedback>({ intent, backupCodes: result.data.backupCodes })
    }
    case 'revoke-session': {
      const target = String(values.sessionId ?? '')
      if (target !== sessionId) {
        await revokeUserSession(user.id, target)
        return saved('Session signed out', 'That session has been signed out.')
      }
      const result = await signOut(caller)
      return redirectWithToast(
        '/',
        {
          type: 'success',
          title: 'Signed out',
          description: 'You have been signed out successfully.',
        },
        { headers: result.headers },
      )
    }
    case 'revoke-others': {
      await revokeOtherSessions(user.id, sessionId)
      return saved('Other sessions signed out', 'All your other sessions have been signed out.')
    }
    case 'revoke-all': {
      await revokeUserSessions(user.id)
      const result = await signOut(caller)
      return redirectWithToast(
        '/',
        {
          type: 'success',
          title: 'Signed out',
          description: 'You have been signed out successfully.',
        },
        { headers: result.headers },
      )
    }
    default:
      return invalid(intent, { formError: 'Unknown action.' })
  }
}

export default function ProfilePage() {
  const { user, sessions, twoFactor, enrolRequired } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const feedbackFor = (intent: string) => (actionData?.intent === intent ? actionData : undefined)
  const usernameFeedback = feedbackFor('username')
  const passwordFeedback = feedbackFor('password')
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Profile</h1>

      <AccountForms
        email={user.email}
        username={user.username}
        usernameFeedback={usernameFeedback}
        passwordFeedback={passwordFeedback}
      />

      <ProfileSection
        id="two-factor"
        title="Two-factor authentication"
        description="Sign-in asks for a code from an authenticator app as well as your password."
      >
        {enrolRequired && twoFactor.state !== 'on' ? (
          <FormMessage
            kind="error"
            title="Two-factor authentication required"
            message="Set up two-factor authentication to open the admin panel."
          />
        ) : null}
        <TwoFactorPanel status={twoFactor} feedback={actionData ?? undefined} />
      </ProfileSection>

      <ProfileSection id="sessions" title="Active sessions" description="Where you are signed in.">
        <SessionsPanel sessions={sessions} />
      </ProfileSection>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Profile', matches)
