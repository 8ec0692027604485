import { eq } from 'drizzle-orm'
import { data } from 'react-router'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  adminTwoFactorRequired,
  getSessionUser,
  signInUrl,
  type SessionUser,
} from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import type { ActionResult } from '~/lib/action-result'
import { canOpenBackOffice, type Actor, type ArticleAccessFacts } from './access-rules'

// The server's side of the access rules: every back-office loader, action and resource route
// calls one of these first, whatever the interface shows (docs/style.md: the app authorises).

export const ACCESS_DENIED = 'Access Denied'
export const ROLE_REFUSED = 'Your role does not allow this.'

type Capability = (actor: Actor) => boolean

/** 403: the role does not allow this (a thrown answer, for loaders and actions alike). */
export function forbidden(): never {
  throw data<ActionResult>(
    {
      ok: false,
      code: 'FORBIDDEN',
      toast: { type: 'error', title: ACCESS_DENIED, description: ROLE_REFUSED },
    },
    { status: 403 },
  )
}

/**
 * A back-office page or action: nobody signed in goes to sign in; a reader without a staff
 * role goes home with the words of docs/product.md §6; a staff member whose role lacks `capability` gets 403.
 */
export async function requireStaff(
  request: Request,
  capability: Capability = canOpenBackOffice,
): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) {
    throw await redirectWithToast(signInUrl(request), {
      type: 'error',
      title: ACCESS_DENIED,
      description: 'Please sign in to access the admin panel.',
    })
  }
  if (!canOpenBackOffice(user)) {
    throw await redirectWithToast('/', {
      type: 'error',
      title: ACCESS_DENIED,
      description: 'You must be an admin to access this page.',
    })
  }
  if (user.role === 'admin' && !user.twoFactorEnabled && (await adminTwoFactorRequired())) {
    throw await redirectWithToast('/profile?enrol=2fa', {
      type: 'info',
      title: 'Two-factor authentication required',
      description: 'Set up two-factor authentication to open the admin panel.',
    })
  }
  if (!capability(user)) forbidden()
  return user
}

/** A JSON endpoint's refusal (thrown): 403 for a role the rule refuses, 401 to sign in. */
export function refuseApi(
  status = 403,
  code = 'FORBIDDEN',
  description: string = ROLE_REFUSED,
): never {
  throw Response.json(
    {
      ok: false,
      code,
      toast: { type: 'error', title: ACCESS_DENIED, description },
    } satisfies ActionResult,
    { status, headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/** The same for JSON endpoints: 401 and 403 answers instead of redirects. */
export async function requireStaffApi(
  request: Request,
  capability: Capability = canOpenBackOffice,
): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) return refuseApi(401, 'UNAUTHORIZED', 'Please sign in again.')
  if (!canOpenBackOffice(user)) return refuseApi()
  if (user.role === 'admin' && !user.twoFactorEnabled && (await adminTwoFactorRequired())) {
    return refuseApi(403, 'TWO_FACTOR_REQUIRED', 'Two-factor authentication required')
  }
  if (!capability(user)) return refuseApi()
  return user
}

/** What the rules need to know of one article, or null when there is no such article. */
export async function articleAccessFacts(id: number): Promise<ArticleAccessFacts | null> {
  const [row] = await getDb()
    .select({ authorId: articles.authorId, status: articles.status })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1)
  return row ?? null
}

/**
 * One article's page or action: the staff checks, then the article's own rule (its author and
 * state); 404 when it does not exist, 403 when the rule refuses.
 */
export async function requireArticleAccess(
  request: Request,
  id: number,
  rule: (actor: Actor, article: ArticleAccessFacts) => boolean,
): Promise<{ user: SessionUser; article: ArticleAccessFacts }> {
  const user = await requireStaff(request)
  const article = await articleAccessFacts(id)
  if (!article) throw data({ ok: false, code: 'NOT_FOUND' }, { status: 404 })
  if (!rule(user, article)) forbidden()
  return { user, article }
}
