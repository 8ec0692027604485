import { Link, redirect } from 'react-router'
import { MemberFiguresCards } from '~/components/admin/member-figures'
import { MemberFilters } from '~/components/admin/member-filters'
import { MemberFindReader } from '~/components/admin/member-find-reader'
import { ListPager } from '~/components/admin/list-pager'
import { MemberImport } from '~/components/admin/member-import'
import { MemberStatusBadge } from '~/components/admin/member-status-badge'
import { PageHeader } from '~/components/admin/page-header'
import { Card, CardContent } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { canManageMembers } from '~/domain/access/access-rules'
import { importMembers } from '~/domain/membership/entitlements.server'
import { memberFigures } from '~/domain/membership/member-figures.server'
import {
  findAccountIdByEmail,
  hasAnyMember,
  listMembers,
  listPlanChoices,
} from '~/domain/membership/members-queries.server'
import {
  endWording,
  isFiltered,
  MEMBER_IMPORT_MAX_BYTES,
  memberFilterOf,
  membersActionSchema,
  type MemberImportReport,
  SOURCE_NAMES,
} from '~/domain/membership/members-schema'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatShortDate } from '~/lib/dates'
import { parsePageParam } from '~/lib/pagination'
import {
  actionFailure,
  actionSuccess,
  failureFrom,
  parseIntent,
} from './+shared/action-results.server'
import { csvUpload } from './+shared/csv-upload.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.members'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageMembers)
  const search = new URL(request.url).searchParams
  const page = parsePageParam(search)
  if (page === null) throw new Response('Bad page', { status: 400 })
  const filter = memberFilterOf(search)
  // "Grant complimentary access": a reader found by address opens on their own page.
  const reader = (search.get('reader') ?? '').trim().slice(0, 320)
  if (reader) {
    const id = await findAccountIdByEmail(reader)
    if (id) throw redirect(`/admin/members/${encodeURIComponent(id)}`)
  }
  const now = new Date()
  const { timeZone, currency } = await getSiteSettings()
  const [found, plans, figures, anyMember] = await Promise.all([
    listMembers(filter, page, now),
    listPlanChoices(),
    memberFigures(now, timeZone),
    hasAnyMember(),
  ])
  return {
    members: found.rows.map((row) => ({
      ...row,
      // Access runs to the end of the day before `endsAt`, in the paper's zone.
      untilLabel: row.endsAt
        ? endWording(
            row.source,
            row.status,
            formatShortDate(new Date(row.endsAt.getTime() - 1), timeZone),
          )
        : null,
      sinceLabel: formatShortDate(row.startsAt, timeZone),
    })),
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
    filter,
    plans,
    figures,
    currency,
    anyMember,
    reader: { email: reader, error: reader ? `No account with the e-mail ${reader}` : null },
  }
}

const FAILURE_TITLE = { import: 'Import failed' } as const

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, canManageMembers)
  const form = await request.formData()
  const parsed = parseIntent(form, membersActionSchema, { titles: FAILURE_TITLE })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  const upload = csvUpload(form, {
    title: FAILURE_TITLE.import,
    maxBytes: MEMBER_IMPORT_MAX_BYTES,
    tooLarge: 'The file is larger than 1 MB: split it into smaller files',
    code: 'FILE_TOO_LARGE',
  })
  if (!upload.ok) return upload.response
  try {
    const report = await importMembers(await upload.file.text(), user)
    if (!report.ok) {
      const n = report.errors.length
      return actionFailure<{ report: MemberImportReport }>(400, {
        code: 'ROWS_REFUSED',
        toast: {
          type: 'error',
          title: 'Nothing imported',
          description: `${n} ${n === 1 ? 'row needs' : 'rows need'} fixing: see the report.`,
        },
        report,
      })
    }
    return actionSuccess(
      {
        type: 'success',
        title: 'Members imported',
        description: `${report.imported} ${report.imported === 1 ? 'member' : 'members'} imported.`,
      },
      { report },
    )
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

export default function MembersPage({ loaderData }: Route.ComponentProps) {
  const { members, total, page, pageCount, filter, plans, figures, currency, anyMember, reader } =
    loaderData
  const filtered = isFiltered(filter)
  return (
    <>
      <PageHeader
        title="Members"
        description={
          anyMember
            ? `${total} ${total === 1 ? 'member' : 'members'}${filtered ? ' in this view' : ''}.`
            : 'Readers who hold a plan: through Stripe, complimentary access, an import or a gift.'
        }
      />
      <div className="mb-6">
        <MemberFiguresCards figures={figures} currency={currency} />
      </div>
      {anyMember ? <MemberFilters filter={filter} plans={plans} /> : null}
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Member</TableHead>
                <TableHead className="hidden sm:table-cell">Plan</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Source</TableHead>
                <TableHead className="hidden lg:table-cell">Since</TableHead>
                <TableHead className="hidden md:table-cell">Until</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.length === 0 ? (
                <TableEmptyRow colSpan={6}>
                  {filtered
                    ? 'No member in this view.'
                    : 'No members yet. Grant a reader complimentary access or import your subscribers, below.'}
                </TableEmptyRow>
              ) : null}
              {members.map((member) => (
                <TableRow key={member.userId}>
                  <TableCell className="max-w-64 font-medium whitespace-normal">
                    <Link
                      to={`/admin/members/${encodeURIComponent(member.userId)}`}
                      className="underline-offset-4 hover:underline"
                    >
                      {member.name || member.email}
                    </Link>
                    {member.name ? (
                      <span className="block text-xs font-normal break-all text-muted-foreground">
                        {member.email}
                      </span>
                    ) : null}
                    <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                      {member.plan}
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{member.plan}</TableCell>
                  <TableCell>
                    <MemberStatusBadge status={member.status} />
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    {SOURCE_NAMES[member.source]}
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">{member.sinceLabel}</TableCell>
                  <TableCell className="hidden md:table-cell">{member.untilLabel ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPager page={page} pageCount={pageCount} />
        </CardContent>
      </Card>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <MemberFindReader email={reader.email} error={reader.error} />
        <MemberImport />
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Members · Admin Panel' }]
