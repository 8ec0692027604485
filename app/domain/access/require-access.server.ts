import { eq } from 'drizzle-orm'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { adminTwoFactorRequired, type SessionUser } from '~/infra/permissions.server'
import { domainErrors } from '~/domain/domain-error'
import { coAuthorIdsColumn } from './bylines.server'
import { canOpenBackOffice, type Actor, type ArticleAccessFacts } from './access-rules'

// The server's side of the access rules, as rules: who asks (the session's user, or nobody)
// against what is asked. A refusal is an AccessError; the route layer turns it into the answer
// its kind of request gets (a redirect with a toast, a 403 page, a JSON 401/403), in one place:
// app/routes/+shared/require-access.server.ts.

export const ACCESS_DENIED = 'Access Denied'
export const ROLE_REFUSED = 'Your role does not allow this.'

/**
 * Why access was refused. SIGN_IN_REQUIRED: nobody signed in. NOT_STAFF: a reader without a
 * staff role. TWO_FACTOR_REQUIRED: an admin without two-factor where the site asks for it.
 * FORBIDDEN: a staff role the capability does not include. NOT_FOUND: the article asked about
 * does not exist.
 */
export class AccessError extends domainErrors('AccessError', {
  SIGN_IN_REQUIRED: 401,
  NOT_STAFF: 403,
  TWO_FACTOR_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
}) {}

export type AccessErrorCode = AccessError['code']

type Capability = (actor: Actor) => boolean

/** The role does not allow this. */
export function forbidden(): never {
  throw new AccessError('FORBIDDEN', ROLE_REFUSED)
}

/**
 * A back-office page, action or endpoint: someone signed in, with a staff role, two-factor on
 * for an admin where the site requires it, and a role that has `capability`.
 */
export async function authorizeStaff(
  user: SessionUser | null,
  capability: Capability = canOpenBackOffice,
): Promise<SessionUser> {
  if (!user) throw new AccessError('SIGN_IN_REQUIRED', 'Please sign in to access the admin panel.')
  if (!canOpenBackOffice(user)) {
    throw new AccessError('NOT_STAFF', 'You must be an admin to access this page.')
  }
  if (user.role === 'admin' && !user.twoFactorEnabled && (await adminTwoFactorRequired())) {
    throw new AccessError('TWO_FACTOR_REQUIRED', 'Two-factor authentication required')
  }
  if (!capability(user)) forbidden()
  return user
}

/** What the rules need to know of one article, or null when there is no such article. */
export async function articleAccessFacts(id: number): Promise<ArticleAccessFacts | null> {
  const [row] = await getDb()
    .select({
      authorId: articles.authorId,
      coAuthorIds: coAuthorIdsColumn,
      status: articles.status,
    })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1)
  return row ?? null
}

/** One article, for a member of staff already authorised: it exists, and `rule` allows it. */
export async function authorizeArticle(
  user: SessionUser,
  id: number,
  rule: (actor: Actor, article: ArticleAccessFacts) => boolean,
): Promise<ArticleAccessFacts> {
  const article = await articleAccessFacts(id)
  if (!article) throw new AccessError('NOT_FOUND', 'Article not found')
  if (!rule(user, article)) forbidden()
  return article
}
