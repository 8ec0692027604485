import {
  newsletterIssueListQuerySchema,
  newsletterIssueSummarySchema,
} from '~/domain/content-api/content-api-schemas'
import { listContentNewsletterIssues } from '~/domain/content-api/content-api-newsletters.server'
import { contentApiAction, contentApiAnswer, parseQuery } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.newsletter-issues'

/** GET /api/content/v1/newsletter-issues?list=&limit=&cursor= — sent issues, latest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, newsletterIssueSummarySchema, (reader) =>
    listContentNewsletterIssues(parseQuery(request, newsletterIssueListQuerySchema), reader),
  )
}

export const action = contentApiAction
