import { useLoaderData } from 'react-router'
import { toEditionViews } from '~/components/site/card-view.server'
import { NewspaperList } from '~/components/site/newspaper-list'
import { containerClass } from '~/components/site/styles'
import { listNewspaperEditions } from '~/domain/newspapers/newspapers-queries.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site.newspapers'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

export async function loader() {
  noteShownKeys(['editions'])
  const [editions, site] = await Promise.all([listNewspaperEditions(), getSiteIdentity()])
  return {
    meta: seoMeta({
      site,
      title: 'Print Editions',
      description: `Every print edition of ${site.brand}: read it page by page or download the PDF.`,
      path: '/newspapers',
    }),
    editions: toEditionViews(editions),
  }
}

export default function NewspapersPage() {
  const { editions } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} py-10`}>
      <header className="mb-10 border-b-2 border-foreground pb-6">
        <h1 className="font-serif text-4xl font-black tracking-tight sm:text-5xl">
          Print Editions
        </h1>
        <p className="mt-3 max-w-3xl text-lg text-muted-foreground">
          Every edition of the printed newspaper, newest first: read it page by page or download the
          PDF.
        </p>
      </header>
      {editions.length > 0 ? (
        <NewspaperList editions={editions} layout="grid" />
      ) : (
        <p className="py-12 text-center text-muted-foreground">
          No editions have been published yet.
        </p>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []
