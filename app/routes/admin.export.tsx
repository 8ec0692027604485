import { Download } from 'lucide-react'
import { PageHeader } from '~/components/admin/page-header'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { canExportSite } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.export'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canExportSite)
  return null
}

const CONTENTS: [string, string][] = [
  [
    'content.json',
    'Every article with its tags, section, author, corrections and revisions; sections, tags, authors, static pages, print editions and media details (docs/export-format.md). Deleted live updates are listed without their text.',
  ],
  ['wordpress.xml', 'The same content as a WordPress export (WXR 1.2), for Tools → Import.'],
  ['media/', 'Every stored image (with its sizes) and the print editions’ PDF files.'],
  ['redirects.csv', 'Old addresses and where they lead, as the Redirects screen imports them.'],
  [
    'subscribers.csv',
    'Newsletter subscribers who confirmed, with the dates of their consent (addresses never confirmed are left out).',
  ],
]

export default function ExportPage() {
  return (
    <>
      <PageHeader
        title="Export"
        description="The whole site in one zip file, to keep or to move to another system."
        actions={
          <Button asChild>
            <a href="/admin/export/download" download>
              <Download aria-hidden="true" />
              Download export
            </a>
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>What the zip holds</h2>
          </CardTitle>
          <CardDescription>
            It is made as it downloads: a large site takes a while, and never fills the server’s
            memory.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            {CONTENTS.map(([name, text]) => (
              <div key={name} className="contents">
                <dt className="font-mono text-sm font-semibold">{name}</dt>
                <dd className="mb-2 text-sm text-muted-foreground sm:mb-0">{text}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Export · Admin Panel' }]
