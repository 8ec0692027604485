import { ArrowLeft } from 'lucide-react'
import { Link, redirect } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { NewsletterComposer } from '~/components/admin/newsletter-composer'
import { IssueStatusBadge } from '~/components/admin/newsletter-issue-status'
import { NewsletterPreview } from '~/components/admin/newsletter-preview'
import { NewsletterDeliveryReport } from '~/components/admin/newsletter-report'
import { NewsletterProgress, NewsletterSendPanel } from '~/components/admin/newsletter-send-panel'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { canManageNewsletters } from '~/domain/access/access-rules'
import { issueProgress } from '~/domain/newsletter/issue-progress.server'
import { renderIssue } from '~/domain/newsletter/issue-render.server'
import {
  cancelIssueSend,
  scheduleIssue,
  startIssueSend,
} from '~/domain/newsletter/issue-send.server'
import { countRecipients } from '~/domain/newsletter/send-queue.server'
import { sendTestMessage } from '~/domain/newsletter/test-message.server'
import { scheduleZone } from '~/domain/newsletter/digests.server'
import { issueActionSchema } from '~/domain/newsletter/lists-schema'
import { issueReport } from '~/domain/newsletter/report.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import {
  composerStories,
  deleteDraftIssue,
  getIssue,
  getList,
  saveEdition,
  storiesByIds,
} from '~/domain/newsletter/lists.server'
import { formatDateWithTime } from '~/lib/dates'
import { fromWallTime } from '~/lib/time-zone'
import {
  actionError,
  actionSuccess,
  failureFrom,
  parseId,
  parseIntent,
} from './+shared/action-results.server'
import { notFound } from './+shared/http-answers.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.newsletters_.issues.$id'

async function issueOr404(id: string) {
  const issueId = parseId(id)
  const issue = issueId ? await getIssue(issueId) : null
  const [list, settings] = await Promise.all([
    issue ? getList(issue.listId) : null,
    getSiteSettings(),
  ])
  if (!issue || !list) notFound('Newsletter issue not found')
  // Its schedule is read and shown in the list's zone, else the site's (issue 36).
  return { issue, list: { ...list, timeZone: scheduleZone(list, settings.timeZone) } }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, canManageNewsletters)
  const { issue, list } = await issueOr404(params.id)
  const composing = issue.status === 'draft' && list.kind === 'edition'
  const [preview, progress, report, recipients, chosen, available] = await Promise.all([
    renderIssue(issue.id),
    issue.status === 'draft' ? null : issueProgress(issue.id),
    issue.status === 'draft' || issue.status === 'scheduled' ? null : issueReport(issue.id),
    countRecipients(list.id),
    storiesByIds(issue.articleIds),
    composing ? composerStories('', 60) : [],
  ])
  return {
    issue: {
      id: issue.id,
      status: issue.status,
      subject: issue.subject,
      preheader: issue.preheader,
      intro: issue.intro,
      // A back-office moment (lib/dates.ts), in the zone the list sends by.
      scheduledFor: issue.scheduledAt ? formatDateWithTime(issue.scheduledAt, list.timeZone) : null,
      failure: issue.failure,
    },
    list: {
      id: list.id,
      name: list.name,
      slug: list.slug,
      kind: list.kind,
      timeZone: list.timeZone,
    },
    composing,
    preview: { html: preview.html, text: preview.text },
    progress,
    // When it went out, in the list's zone (lib/dates.ts), and its clicks (issue 36).
    report: report
      ? {
          started: report.deliveryStartedAt
            ? formatDateWithTime(report.deliveryStartedAt, list.timeZone)
            : null,
          finished: report.deliveryFinishedAt
            ? formatDateWithTime(report.deliveryFinishedAt, list.timeZone)
            : null,
          links: report.links,
          clicks: report.clicks,
          opens: report.opens,
        }
      : null,
    recipients,
    chosen: chosen.map((s) => ({ id: s.id, title: s.title })),
    available: available.map((s) => ({ id: s.id, title: s.title })),
    ownEmail: user.email,
  }
}

const TITLES = {
  save: 'Error saving edition',
  'test-send': 'Test not sent',
  'send-now': 'Send not started',
  schedule: 'Not scheduled',
  cancel: 'Not cancelled',
  delete: 'Error deleting edition',
} as const

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff(request, canManageNewsletters)
  const { issue, list } = await issueOr404(params.id)
  const parsed = parseIntent(await request.formData(), issueActionSchema, { titles: TITLES })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'save':
        if (list.kind !== 'edition') {
          return actionError(409, TITLES.save, 'Only editions are composed by hand')
        }
        await saveEdition(issue.id, post)
        return actionSuccess({ type: 'success', title: 'Edition saved' })
      case 'test-send':
        await sendTestMessage(issue.id, user.email)
        return actionSuccess({
          type: 'success',
          title: 'Test sent',
          description: `To ${user.email}`,
        })
      case 'send-now': {
        const { recipients } = await startIssueSend(issue.id, user.id)
        return actionSuccess({
          type: 'success',
          title: 'Sending',
          description: `To ${recipients} ${recipients === 1 ? 'recipient' : 'recipients'}.`,
        })
      }
      case 'schedule': {
        const at = fromWallTime(post.at, list.timeZone)
        if (!at) {
          return actionError(400, TITLES.schedule, 'Choose a valid date and time', {
            fieldErrors: { at: ['Choose a valid date and time'] },
          })
        }
        await scheduleIssue(issue.id, at)
        return actionSuccess({
          type: 'success',
          title: 'Scheduled',
          description: formatDateWithTime(at, list.timeZone),
        })
      }
      case 'cancel':
        await cancelIssueSend(issue.id)
        return actionSuccess({ type: 'success', title: 'Send cancelled' })
      case 'delete':
        await deleteDraftIssue(issue.id)
        return redirect('/admin/newsletters')
    }
  } catch (error) {
    return failureFrom(error, { title: TITLES[post.intent], context, details: { post } })
  }
}

export default function NewsletterIssuePage({ loaderData }: Route.ComponentProps) {
  const {
    issue,
    list,
    composing,
    preview,
    progress,
    report,
    recipients,
    chosen,
    available,
    ownEmail,
  } = loaderData
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
        <Link to="/admin/newsletters">
          <ArrowLeft aria-hidden="true" /> Newsletters
        </Link>
      </Button>
      <PageHeader
        title={issue.subject || 'Untitled edition'}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {list.name} <IssueStatusBadge status={issue.status} />
          </span>
        }
      />
      {issue.failure ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-destructive p-3 text-sm text-destructive"
        >
          {issue.failure}
        </p>
      ) : null}
      {/* Both columns are bounded (minmax(0, …), and one column below xl): what one holds
          wraps inside it instead of pushing under the other. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {progress ? <NewsletterProgress progress={progress} /> : null}
          {report ? <NewsletterDeliveryReport report={report} /> : null}
          {composing ? (
            <NewsletterComposer issue={issue} chosen={chosen} available={available} />
          ) : null}
          <NewsletterSendPanel
            status={issue.status}
            recipients={recipients}
            ownEmail={ownEmail}
            timeZone={list.timeZone}
            scheduledFor={issue.scheduledFor}
          />
        </div>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Preview</CardTitle>
          </CardHeader>
          <CardContent>
            <NewsletterPreview html={preview.html} text={preview.text} />
          </CardContent>
        </Card>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Newsletter issue · Admin Panel' }]
