import { Link } from 'react-router'
import { formatCount } from '~/lib/format-count'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { describeAccess, describePlanGroups } from '~/domain/import/import-access'
import type {
  ImportReport,
  ReportItem,
  StoredImportAnalysis,
} from '~/domain/import/import-job-data'
import { wasPublic } from '~/domain/import/import-mapping'

// The Import screen's two read-outs: the dry run's analysis and the finished import's report.
// Plain data in (what import_jobs stores), so they render on the server and need no script.

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

function Counts({ caption, counts }: { caption: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1])
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{caption}</TableHead>
          <TableHead className="text-right">Items</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.length === 0 ? <TableEmptyRow colSpan={2}>None</TableEmptyRow> : null}
        {entries.map(([key, n]) => (
          <TableRow key={key}>
            <TableCell className="font-mono text-xs">{key}</TableCell>
            <TableCell className="text-right tabular-nums">{n}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-medium">{title}</h3>
      {/* wrap-anywhere: an address breaks where it must, a sentence between its words. */}
      <ul className="max-h-48 list-disc space-y-0.5 overflow-auto pl-5 text-sm wrap-anywhere text-muted-foreground">
        {items.map((item, i) => (
          <li key={`${i}-${item}`}>{item}</li>
        ))}
      </ul>
    </div>
  )
}

export function ImportAnalysisCard({ analysis }: { analysis: StoredImportAnalysis }) {
  const children = analysis.categories.filter((c) => c.parent !== null)
  // An analysis stored before the access counts says nothing of walls rather than "none".
  const wall = analysis.access ? describeAccess(analysis.access) : ''
  return (
    <Card>
      <CardHeader>
        <CardTitle>Analysis of {analysis.site.title || analysis.site.key}</CardTitle>
        <CardDescription>
          Nothing has been written yet. {analysis.toImport} of {analysis.total} items would be
          imported
          {analysis.alreadyImported > 0
            ? `; ${analysis.alreadyImported} were imported before and would be updated`
            : ''}
          .{wall ? ` Behind a wall: ${wall}.` : ''}
          {analysis.access && !wall ? ' None would be behind a wall.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="To import" value={analysis.toImport} />
          <Figure label="Authors" value={analysis.authors.length} />
          <Figure label="Categories" value={analysis.categories.length} />
          <Figure label="Tags" value={analysis.tags.length} />
          <Figure label="Scheduled" value={analysis.scheduled} />
          <Figure label="Slug clashes" value={analysis.slugClashes.length} />
          <Figure label="Images found" value={analysis.images.found} />
          <Figure label="Images missing" value={analysis.images.missing} />
        </dl>
        <div className="grid gap-6 lg:grid-cols-2">
          <Counts caption="Type / status" counts={analysis.byTypeAndStatus} />
          <Counts caption="Skipped (why)" counts={analysis.skipped} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <List
            title="Authors (staff profiles without a password, to invite later)"
            items={analysis.authors.map(
              (a) =>
                `${a.name} <${a.email || 'no address'}>: ${a.items} items${a.existing ? ' (already here)' : ''}`,
            )}
          />
          <List
            title="Child categories (each its own; the parent named in its description)"
            items={children.map((c) => `${c.name} (under ${c.parent})`)}
          />
          <List
            title="Addresses taken here (these get -2)"
            items={analysis.slugClashes.map((c) => `${c.slug}: ${c.title}`)}
          />
          <List
            title="Shortcodes not understood (kept as text)"
            items={Object.entries(analysis.unknownShortcodes).map(
              ([name, n]) => `[${name}] in ${n} items`,
            )}
          />
          <List
            title="Members stories by plan (matched by name to the plans here)"
            items={analysis.access ? describePlanGroups(analysis.access) : []}
          />
          <List
            title="Password-protected (imported hidden)"
            items={analysis.restricted.map((r) => r.title)}
          />
          <List
            title="Images not in the zip (their remote address is kept)"
            items={analysis.images.missingSample}
          />
          <List
            title="Featured images refused (not an image address; left out)"
            items={(analysis.refusedImages ?? []).map((r) => `${r.title}: ${r.url}`)}
          />
        </div>
      </CardContent>
    </Card>
  )
}

const OUTCOME_VARIANT = {
  created: 'default',
  updated: 'secondary',
  unchanged: 'outline',
  skipped: 'outline',
} as const satisfies Record<ReportItem['outcome'], string>

export function ImportReportCard({ report }: { report: ImportReport }) {
  const shown = report.items.filter((i) => i.outcome !== 'skipped').slice(0, 500)
  const wall = report.access ? describeAccess(report.access) : ''
  return (
    <Card>
      <CardHeader>
        <CardTitle>Report</CardTitle>
        <CardDescription>
          {report.counts.created} created, {report.counts.updated} updated,{' '}
          {report.counts.unchanged} unchanged, {report.counts.skipped} skipped.
          {wall ? ` Behind a wall: ${wall}.` : ''}
          {report.fetchedImages
            ? ` ${formatCount(report.fetchedImages.fetched, 'image')} fetched from the old site into the media library; ${formatCount(report.fetchedImages.failed.length, 'image')} could not be.`
            : ''}
          {report.remoteImages.length > 0
            ? ` ${formatCount(report.remoteImages.length, 'image')} ${report.remoteImages.length === 1 ? 'keeps its' : 'keep their'} remote address.`
            : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Item</TableHead>
                <TableHead>Was</TableHead>
                <TableHead>Outcome</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.length === 0 ? (
                <TableEmptyRow colSpan={3}>Nothing imported</TableEmptyRow>
              ) : null}
              {shown.map((item) => (
                <TableRow key={`${item.type}-${item.sourceId}`}>
                  <TableCell className="max-w-[28rem] break-words">
                    {item.path ? (
                      <Link className="underline underline-offset-2" to={item.path}>
                        {item.title || item.path}
                      </Link>
                    ) : (
                      item.title
                    )}
                    {item.note ? (
                      <span className="block text-xs text-muted-foreground">{item.note}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-xs whitespace-nowrap text-muted-foreground">
                    {item.type}/{item.status}
                  </TableCell>
                  <TableCell>
                    <Badge variant={OUTCOME_VARIANT[item.outcome]}>{item.outcome}</Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <List
          title="Members stories by plan"
          items={report.access ? describePlanGroups(report.access) : []}
        />
        <List
          title="Images that could not be fetched (kept at their old address)"
          items={(report.fetchedImages?.failed ?? [])
            .slice(0, 200)
            .map((f) => `${f.url}: ${f.reason}`)}
        />
        <List
          title="Images kept at their remote address"
          items={report.remoteImages.slice(0, 200)}
        />
      </CardContent>
    </Card>
  )
}

/**
 * Where a finished import's work is to be seen: its articles, the redirects from the old
 * addresses and, when images were stored, the media library.
 */
export function ImportNextSteps({ report }: { report: ImportReport }) {
  const imported = report.items.filter((i) => i.outcome !== 'skipped' && i.path)
  const articles = imported.filter((i) => i.path?.startsWith('/article/')).length
  // Only what readers could open was given a redirect.
  const redirected = imported.some((i) => i.oldLink && wasPublic(i))
  const images = (report.fetchedImages?.fetched ?? 0) > 0
  const links = [
    articles > 0
      ? {
          to: '/admin/articles?sort=published-desc',
          label: 'Open the articles list',
          why: `${articles} imported ${articles === 1 ? 'article' : 'articles'}, newest first`,
        }
      : null,
    redirected
      ? {
          to: '/admin/redirects',
          label: 'Open Redirects',
          why: 'the old addresses now lead to the new ones',
        }
      : null,
    images
      ? {
          to: '/admin/media',
          label: 'Open the media library',
          why: `${formatCount(report.fetchedImages?.fetched ?? 0, 'image')} fetched, with their alt text and captions`,
        }
      : null,
  ].filter((l) => l !== null)
  if (links.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where to look next</CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="space-y-2 text-sm">
          {links.map((link) => (
            <li key={link.to}>
              <Link className="font-medium underline underline-offset-2" to={link.to}>
                {link.label}
              </Link>
              <span className="text-muted-foreground">: {link.why}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
