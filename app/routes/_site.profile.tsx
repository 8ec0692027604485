import { data, redirect, useActionData, useLoaderData } from 'react-router'
import { AccountForms } from '~/components/auth/account-forms'
import { AddressStatus } from '~/components/auth/address-status'
import { AuthorProfileForm } from '~/components/auth/author-profile-form'
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
  isAddressConfirmed,
  regenerateBackupCodes,
  resendConfirmation,
  revokeOtherSessions,
  signOut,
  type AuthFailure,
} from '~/domain/users/account.server'
import {
  canDeleteOwnAccount,
  canOpenBackOffice,
  canUseApiTokens,
} from '~/domain/access/access-rules'
import {
  ApiTokenError,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from '~/domain/api-tokens/api-tokens.server'
import { ApiTokensPanel, toApiTokenView } from '~/components/auth/api-tokens-panel'
import { ProfileDeleteAccount } from '~/components/site/profile-delete-account'
import { ProfileMembership } from '~/components/site/profile-membership'
import { ProfileNewsletters } from '~/components/site/profile-newsletters'
import { accountPreferences } from '~/domain/newsletter/preferences.server'
import { getOwnAuthorProfile } from '~/domain/authors/authors-queries.server'
import { profileActionSchema, type ProfileAnswer } from '~/domain/users/profile-schema'
import { updateAuthorProfile, updateUsername } from '~/domain/users/profile.server'
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
import { profileMembership } from '~/domain/membership/profile-membership.server'
import { getBrandName } from '~/infra/auth-mail.server'
import { getSession, requireUser } from '~/infra/permissions.server'
import { createToastHeaders, redirectWithToast } from '~/infra/toast.server'
import type { ActionResult } from '~/lib/action-result'
import { formatRelative } from '~/lib/dates'
import { failureFrom, formFields, parseIntent } from './+shared/action-results.server'
import { authFormFailure } from './+shared/auth-form.server'
import type { Route } from './+types/_site.profile'

async function requireProfile(request: Request) {
  const user = await requireUser(request)
  const current = await getSession(request)
  if (!current) throw redirect('/signin?redirectTo=%2Fprofile')
  return { user, sessionId: current.session.id }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, sessionId } = await requireProfile(request)
  const [sessions, twoFactor, author, newsletters, apiTokens] = await Promise.all([
    listActiveSessions(user.id, sessionId),
    getTwoFactorStatus(user, await getBrandName()),
    // Bylines are the newsroom's: readers have none to set.
    canOpenBackOffice(user) ? getOwnAuthorProfile(user.id) : null,
    // The newsletter subscription with the account's address, once that address is confirmed.
    accountPreferences(user.id),
    // Personal tokens for the Admin API: staff only (readers never see the panel).
    canUseApiTokens(user) ? listApiTokens(user.id) : null,
  ])
  const membership = await profileMembership(user.id)
  const now = new Date()
  const confirmed = await isAddressConfirmed(user.id)
  return {
    user: { email: user.email, username: user.username ?? '' },
    address: {
      confirmed,
      // The confirmation link lands here (account.server.ts: CONFIRMED_PATH).
      justConfirmed: new URL(request.url).searchParams.get('confirmed') === '1',
    },
    author,
    newsletters,
    membership,
    // Readers delete their own account; staff accounts are closed by an admin.
    deletable: canDeleteOwnAccount(user),
    enrolRequired: new URL(request.url).searchParams.get('enrol') === '2fa',
    twoFactor,
    apiTokens: apiTokens?.map((token) => toApiTokenView(token, now)) ?? null,
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

const SIGNED_OUT_TOAST = {
  type: 'success',
  title: 'Signed out',
  description: 'You have been signed out successfully.',
} as const

const TWO_FACTOR_ON_TOAST = {
  type: 'success',
  title: 'Two-factor authentication is on',
  description: 'Save your backup codes now: they are shown only once.',
} as const

const TOKEN_INTENTS: readonly string[] = ['create-token', 'revoke-token']

const TOKEN_CREATED_TOAST = {
  type: 'success',
  title: 'Token created',
  description: 'Copy it now: it is shown only once.',
} as const

type ProfileResult = ActionResult<ProfileAnswer>

/** The page holds several forms: a failure names the one it answers. */
function forIntent(intent: string | undefined, answer: ReturnType<typeof data<ActionResult>>) {
  return data<ProfileResult>({ ...answer.data, intent }, answer.init ?? undefined)
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = await requireProfile(request)
  const form = await request.formData()
  // Tokens are staff's: anyone else is refused before their post is even read.
  const sentIntent = formFields(form).intent
  if (TOKEN_INTENTS.includes(sentIntent) && !canUseApiTokens(user)) {
    const refusal = new ApiTokenError('FORBIDDEN', 'API tokens are for members of staff.')
    return forIntent(sentIntent, failureFrom(refusal, { context }))
  }
  const parsed = parseIntent(form, profileActionSchema, {
    titles: {},
    hiddenFields: ['sessionId', 'tokenId'],
  })
  if (!parsed.ok) return forIntent(formFields(form).intent, parsed.response)
  const post = parsed.data
  const caller = { request, clientIp: context.clientIp }
  const refused = (failure: AuthFailure) => authFormFailure(failure, { intent: post.intent })
  const saved = (title: string, description: string, headers?: Headers) =>
    redirectWithToast('/profile', { type: 'success', title, description }, { headers })
  const signedOut = (headers: Headers) => redirectWithToast('/', SIGNED_OUT_TOAST, { headers })

  try {
    switch (post.intent) {
      case 'create-token': {
        const { token, item } = await createApiToken(user, post)
        const headers = await createToastHeaders(TOKEN_CREATED_TOAST)
        const apiToken = { name: item.name, token }
        return data<ProfileResult>({ ok: true, intent: post.intent, apiToken }, { headers })
      }
      case 'revoke-token':
        await revokeApiToken(user.id, post.tokenId)
        return redirectWithToast('/profile#api-tokens', {
          type: 'success',
          title: 'Token revoked',
          description: 'Anything using it can no longer reach the API.',
        })
      case 'resend-confirmation': {
        const result = await resendConfirmation(caller, user.email)
        if (!result.ok) return refused(result)
        return saved('Link sent', `We sent a new confirmation link to ${user.email}.`)
      }
      case 'username':
        await updateUsername(user.id, post.username)
        return saved('Profile updated', 'Your username has been saved.')
      case 'author-profile':
        await updateAuthorProfile(user, post)
        return saved('Profile updated', 'Your author profile has been saved.')
      case 'password': {
        const { currentPassword, newPassword } = post
        const result = await changePassword(caller, { currentPassword, newPassword })
        if (!result.ok) return refused(result)
        return saved(
          'Password updated',
          'Your password has been updated. Your other sessions have been signed out.',
          result.headers,
        )
      }
      case 'enable-2fa': {
        const issuer = await getBrandName()
        const result = await enableTwoFactor(caller, { password: post.password, issuer })
        if (!result.ok) return refused(result)
        return redirect('/profile#two-factor', { headers: result.headers })
      }
      case 'confirm-2fa': {
        const result = await confirmTwoFactor(caller, post.code)
        if (!result.ok) return refused(result)
        const headers = await createToastHeaders(TWO_FACTOR_ON_TOAST)
        for (const cookie of result.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
        const backupCodes = await readBackupCodes(user.id)
        return data<ProfileResult>({ ok: true, intent: post.intent, backupCodes }, { headers })
      }
      case 'cancel-2fa':
        await cancelTwoFactorEnrolment(user)
        return redirect('/profile#two-factor')
      case 'disable-2fa': {
        const result = await disableTwoFactor(caller, post.password)
        if (!result.ok) return refused(result)
        return saved(
          'Two-factor authentication is off',
          'Sign-in now asks for your password only.',
          result.headers,
        )
      }
      case 'backup-codes': {
        const result = await regenerateBackupCodes(caller, post.password)
        if (!result.ok) return refused(result)
        const { backupCodes } = result.data
        return data<ProfileResult>({ ok: true, intent: post.intent, backupCodes })
      }
      case 'revoke-session':
        if (post.sessionId === sessionId) return signedOut((await signOut(caller)).headers)
        await revokeUserSession(user.id, post.sessionId)
        return saved('Session signed out', 'That session has been signed out.')
      case 'revoke-others':
        await revokeOtherSessions(user.id, sessionId)
        return saved('Other sessions signed out', 'All your other sessions have been signed out.')
      case 'revoke-all':
        await revokeUserSessions(user.id)
        return signedOut((await signOut(caller)).headers)
    }
  } catch (error) {
    const details = { intent: post.intent, userId: user.id }
    return forIntent(post.intent, failureFrom(error, { context, details }))
  }
}

export default function ProfilePage() {
  const {
    user,
    address,
    author,
    sessions,
    twoFactor,
    enrolRequired,
    newsletters,
    membership,
    deletable,
    apiTokens,
  } = useLoaderData<typeof loader>()
  const answer: ProfileResult | undefined = useActionData<typeof action>()
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Profile</h1>

      <AddressStatus email={user.email} {...address} />

      <AccountForms email={user.email} username={user.username} answer={answer} />

      <ProfileMembership membership={membership} />

      {author ? (
        <AuthorProfileForm author={author} username={user.username} answer={answer} />
      ) : null}

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
        <TwoFactorPanel status={twoFactor} answer={answer} />
      </ProfileSection>

      <ProfileSection id="sessions" title="Active sessions" description="Where you are signed in.">
        <SessionsPanel sessions={sessions} answer={answer} />
      </ProfileSection>

      {apiTokens ? (
        <ProfileSection
          id="api-tokens"
          title="API tokens"
          description="Personal tokens let your own scripts and tools use the Admin API as you, within your role."
        >
          <ApiTokensPanel tokens={apiTokens} answer={answer} />
        </ProfileSection>
      ) : null}

      <ProfileNewsletters newsletters={newsletters} />

      <ProfileDeleteAccount deletable={deletable} />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Profile', matches)
