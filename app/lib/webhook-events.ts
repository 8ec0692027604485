/**
 * The events a webhook endpoint may ask for (docs/webhooks.md), in the order the back office
 * lists them. The names follow Standard Webhooks' `type` (dotted, lower case).
 */
export const WEBHOOK_EVENTS = [
  { type: 'article.published', label: 'Article published' },
  { type: 'article.updated', label: 'Published article updated' },
  { type: 'article.unpublished', label: 'Article unpublished' },
  { type: 'article.deleted', label: 'Published article deleted' },
  { type: 'correction.added', label: 'Correction added' },
  { type: 'live_entry.published', label: 'Live entry published' },
  { type: 'newsletter_issue.sent', label: 'Newsletter issue sent' },
  { type: 'category.created', label: 'Category created' },
  { type: 'category.updated', label: 'Category updated' },
  { type: 'category.deleted', label: 'Category deleted' },
  { type: 'tag.created', label: 'Tag created' },
  { type: 'tag.updated', label: 'Tag updated' },
  { type: 'tag.deleted', label: 'Tag deleted' },
  { type: 'site.changed', label: 'Site settings changed' },
] as const

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]['type']

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENTS.map((e) => e.type) as [
  WebhookEventType,
  ...WebhookEventType[],
]

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return WEBHOOK_EVENT_TYPES.includes(value as WebhookEventType)
}
