import { useLoaderData } from 'react-router'
import { StaticPageView } from '~/components/site/static-page'
import { getStaticPage } from '~/domain/pages/pages-queries.server'
import { htmlToPlainText } from '~/infra/sanitize.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site.contact'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

export async function loader() {
  const [page, site] = await Promise.all([getStaticPage('contact'), getSiteIdentity()])
  return {
    meta: seoMeta({
      site,
      title: page.title,
      description: htmlToPlainText(page.content).split('\n')[0],
      path: '/contact',
    }),
    page: { title: page.title, content: page.content },
  }
}

export default function ContactPage() {
  const { page } = useLoaderData<typeof loader>()
  return <StaticPageView page={page} />
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []
