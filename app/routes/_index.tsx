import { Link, useLoaderData } from 'react-router'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import type { Route } from './+types/_index'

export async function loader() {
  const page = await listPublishedArticles({ pageSize: 12 })
  return { articles: page.items }
}

export default function Home() {
  const { articles } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="font-serif text-4xl font-bold">Broadsheet</h1>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {articles.map((article) => (
          <li key={article.id} className="rounded-lg border border-border p-4">
            <Link to={`/article/${article.slug}`} className="font-serif text-xl font-semibold">
              {article.title}
            </Link>
            <p className="mt-2 text-sm text-muted-foreground">{article.excerpt}</p>
          </li>
        ))}
      </ul>
    </main>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Broadsheet' }]
