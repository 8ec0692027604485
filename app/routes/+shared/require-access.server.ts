import {
  canOpenBackOffice,
  type Actor,
  type ArticleAccessFacts,
} from '~/domain/access/access-rules'
import {
  authorizeArticle,
  authorizeStaff,
  ROLE_REFUSED,
} from '~/domain/access/require-access.server'
import { getSessionUser, type SessionUser } from '~/infra/permissions.server'
import { guarded, refusal } from './http-answers.server'

// The access rules at the edge: the first line of every back-office loader, action and
// resource route. The rules (app/domain/access) refuse with an AccessError; these turn it into
// the answer the request's kind gets (app/domain/access/README.md, "How refusals surface").

export {
  ACCESS_DENIED,
  ROLE_REFUSED,
  articleAccessFacts,
} from '~/domain/access/require-access.server'

type Capability = (actor: Actor) => boolean

/** A back-office page or form post: sign in, go home, enrol in two-factor, or 403. */
export async function requireStaff(
  request: Request,
  capability: Capability = canOpenBackOffice,
): Promise<SessionUser> {
  return guarded(request, 'page', async () =>
    authorizeStaff(await getSessionUser(request), capability),
  )
}

/** The same for JSON endpoints: 401 and 403 answers instead of redirects. */
export async function requireStaffApi(
  request: Request,
  capability: Capability = canOpenBackOffice,
): Promise<SessionUser> {
  return guarded(request, 'api', async () =>
    authorizeStaff(await getSessionUser(request), capability),
  )
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
  const article = await guarded(request, 'page', () => authorizeArticle(user, id, rule))
  return { user, article }
}

/** 403 (thrown), where the route asks a rule itself: the role does not allow this. */
export function forbidden(): never {
  throw refusal(403, 'FORBIDDEN', ROLE_REFUSED)
}

/** A JSON endpoint's refusal (thrown): 403 for a role the rule refuses, 401 to sign in. */
export function refuseApi(status = 403, code = 'FORBIDDEN', description = ROLE_REFUSED): never {
  throw refusal(status, code, description)
}
