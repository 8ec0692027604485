import type { SignUpListView } from '~/domain/newsletter/newsletter-schema'
import { NewsletterForm } from './newsletter-form'

/**
 * A list archive's own sign-up (/newsletters/:slug and its issues, issue 36): the footer's form
 * with this list ticked and the others offered unticked, so a reader who came for this list
 * takes it alone by default.
 */
export function NewsletterListSignUp({
  listId,
  listName,
  lists,
}: {
  listId: number
  listName: string
  lists: readonly SignUpListView[]
}) {
  if (!lists.some((list) => list.id === listId)) return null
  const chosen = lists.map((list) => ({ ...list, isDefault: list.id === listId }))
  return <NewsletterForm lists={chosen} title={`Get ${listName} by email`} />
}
