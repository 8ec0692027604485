import { toBreakingViews } from '~/components/site/card-view.server'
import { listBreakingNews } from '~/domain/articles/articles-queries.server'

/** GET /api/breaking-news — the ticker's refresh every 30 s (docs/product.md §7: fresh for 30 s). */
export async function loader() {
  const items = toBreakingViews(await listBreakingNews())
  return Response.json(
    { items },
    { headers: { 'Cache-Control': 'public, max-age=15, s-maxage=30, stale-while-revalidate=30' } },
  )
}
