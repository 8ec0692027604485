import { newsletterIssueSchema } from '~/domain/content-api/content-api-schemas'
import { getContentNewsletterIssue } from '~/domain/content-api/content-api-newsletters.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.newsletter-issues_.$id'

/** GET /api/content/v1/newsletter-issues/{id} — a sent issue's web version. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return contentApiAnswer(request, newsletterIssueSchema, async (reader) => ({
    data: await getContentNewsletterIssue(params.id, reader),
  }))
}

export const action = contentApiAction
