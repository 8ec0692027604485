import { useEffect } from 'react'

/**
 * Counts one view of the article shown (routes/api.views.tsx), once per page view: on the
 * page's first showing and on each client-side visit to another article. Sent without
 * credentials, so no cookie goes with it, and after hydration, so a cached page counts too.
 */
export function ViewBeacon({ articleId }: { articleId: number }) {
  useEffect(() => {
    const body = new URLSearchParams({ article: String(articleId) })
    void fetch('/api/views', {
      method: 'POST',
      body,
      credentials: 'omit',
      keepalive: true,
    }).catch(() => {})
  }, [articleId])
  return null
}
