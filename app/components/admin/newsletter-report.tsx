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
import type { DeliveryReportView } from '~/domain/newsletter/issue-views'

/** When the issue went out, and what its readers did with it (issue 36). */
export function NewsletterDeliveryReport({ report }: { report: DeliveryReportView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Delivery</h2>
        </CardTitle>
        <CardDescription>Clicks on story links through this site, once per reader.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">Started</dt>
            <dd className="font-medium">{report.started ?? 'Not yet'}</dd>
          </div>
          <div className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">Finished</dt>
            <dd className="font-medium">{report.finished ?? 'Not yet'}</dd>
          </div>
          <div className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">Clicks</dt>
            <dd className="text-2xl font-semibold tabular-nums">{report.clicks}</dd>
          </div>
          {report.opens !== null ? (
            <div className="rounded-md border border-border p-3">
              <dt className="text-xs text-muted-foreground">
                Opens (approximate: mail clients load images for their readers)
              </dt>
              <dd className="text-2xl font-semibold tabular-nums">{report.opens}</dd>
            </div>
          ) : null}
        </dl>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Story</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.links.length === 0 ? (
              <TableEmptyRow colSpan={2}>No stories in this issue.</TableEmptyRow>
            ) : null}
            {report.links.map((link) => (
              <TableRow key={link.url}>
                <TableCell className="break-words whitespace-normal">
                  <a href={link.url} className="hover:underline">
                    {link.title}
                  </a>
                </TableCell>
                <TableCell className="text-right tabular-nums">{link.clicks}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
