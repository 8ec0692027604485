import { useFetcher } from 'react-router'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import type { ActionResult } from '~/lib/action-result'
import { ConfirmRowDelete } from './confirm-action'
import { useActionToast } from './use-action-toast'

/** A row of the Redirects screen, as its loader gives it. */
export interface RedirectListItem {
  id: number
  fromPath: string
  /** Null for 410 Gone. */
  toPath: string | null
  statusCode: number
  source: string
  hits: number
  lastHitAt: string | null
  /** When it was last followed, in the paper's time zone. */
  lastHitLabel: string | null
}

function RedirectRow({ redirect }: { redirect: RedirectListItem }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const lastHit = redirect.lastHitLabel ?? 'Never'
  const target = redirect.toPath ?? 'Gone'
  return (
    <TableRow>
      <TableCell className="max-w-[12rem] font-mono text-xs [overflow-wrap:anywhere] md:max-w-xs">
        {redirect.fromPath}
        {/* Narrow screens fold the target, answer and hits under the old address. */}
        <span className="mt-1 block font-sans text-muted-foreground md:hidden">
          → {target} · {redirect.statusCode} · {redirect.hits}{' '}
          {redirect.hits === 1 ? 'hit' : 'hits'}
        </span>
      </TableCell>
      <TableCell className="hidden max-w-xs font-mono text-xs [overflow-wrap:anywhere] md:table-cell">
        {target}
      </TableCell>
      <TableCell className="hidden md:table-cell">{redirect.statusCode}</TableCell>
      <TableCell className="hidden capitalize lg:table-cell">{redirect.source}</TableCell>
      <TableCell className="hidden text-right tabular-nums md:table-cell">
        {redirect.hits}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap lg:table-cell">{lastHit}</TableCell>
      <TableCell className="text-right">
        <ConfirmRowDelete
          question="Delete this redirect?"
          description={`${redirect.fromPath} will answer 404 again.`}
          name={redirect.fromPath}
          busy={fetcher.state !== 'idle'}
          onConfirm={() =>
            fetcher.submit({ intent: 'delete', id: String(redirect.id) }, { method: 'post' })
          }
        />
      </TableCell>
    </TableRow>
  )
}

/** The Redirects screen's list: narrow screens fold the target, answer and hits into a line. */
export function RedirectsTable({ redirects }: { redirects: RedirectListItem[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Old address</TableHead>
          <TableHead className="hidden md:table-cell">New address</TableHead>
          <TableHead className="hidden md:table-cell">Answer</TableHead>
          <TableHead className="hidden lg:table-cell">Source</TableHead>
          <TableHead className="hidden text-right md:table-cell">Hits</TableHead>
          <TableHead className="hidden lg:table-cell">Last hit</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {redirects.length === 0 ? (
          <TableEmptyRow colSpan={7}>
            No redirects yet. Changing a published article’s or a section’s address adds one; so
            does an import.
          </TableEmptyRow>
        ) : null}
        {redirects.map((redirect) => (
          <RedirectRow key={redirect.id} redirect={redirect} />
        ))}
      </TableBody>
    </Table>
  )
}
