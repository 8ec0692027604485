import { Mail, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link, redirect, useFetcher } from 'react-router'
import { usePaperTimeZone } from '~/components/admin/use-paper-time-zone'
import { ConfirmRowDelete } from '~/components/admin/confirm-action'
import { NewsletterListDialog } from '~/components/admin/newsletter-list-dialog'
import { PageHeader } from '~/components/admin/page-header'
import { IssueStatusBadge } from '~/components/admin/newsletter-issue-status'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { canManageNewsletters } from '~/domain/access/access-rules'
import { listCategories } from '~/domain/categories/categories-queries.server'
import {
  LIST_KIND_NAMES,
  listActionSchema,
  WEEKDAYS,
  type EditableList,
} from '~/domain/newsletter/lists-schema'
import {
  createEdition,
  createList,
  deleteDraftIssue,
  deleteList,
  listLists,
  recentIssues,
  updateList,
} from '~/domain/newsletter/lists.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { listTags } from '~/domain/tags/tags-queries.server'
import type { ActionResult } from '~/lib/action-result'
import { formatCount } from '~/lib/format-count'
import { timeZoneNames } from '~/lib/time-zone'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.newsletters'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageNewsletters)
  const [lists, issues, categories, tags, settings] = await Promise.all([
    listLists(),
    recentIssues(8),
    listCategories(),
    listTags(),
    getSiteSettings(),
  ])
  return {
    lists,
    issues,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    tags: tags.map((t) => ({ id: t.id, name: t.name })),
    timeZones: timeZoneNames(),
    defaultTimeZone: settings.timeZone,
  }
}

const TITLES = {
  'create-list': 'Error creating newsletter',
  'update-list': 'Error saving newsletter',
  'delete-list': 'Error deleting newsletter',
  'new-edition': 'Error starting an edition',
  'delete-issue': 'Error deleting draft',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, canManageNewsletters)
  const parsed = parseIntent(await request.formData(), listActionSchema, { titles: TITLES })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'create-list':
        await createList(post)
        return actionSuccess({ type: 'success', title: 'Newsletter created' })
      case 'update-list':
        await updateList(post.id, post)
        return actionSuccess({ type: 'success', title: 'Newsletter saved' })
      case 'delete-list':
        await deleteList(post.id)
        return actionSuccess({ type: 'success', title: 'Newsletter deleted' })
      case 'new-edition':
        return redirect(`/admin/newsletters/issues/${await createEdition(post.id, user.id)}`)
      case 'delete-issue':
        await deleteDraftIssue(post.id)
        return actionSuccess({ type: 'success', title: 'Draft deleted' })
    }
  } catch (error) {
    return failureFrom(error, { title: TITLES[post.intent], context, details: { post } })
  }
}

type LoaderData = Route.ComponentProps['loaderData']

function scheduleOf(list: LoaderData['lists'][number], siteTimeZone: string) {
  if (list.kind !== 'digest') return null
  const zone = list.timeZone ?? siteTimeZone
  const day = list.cadence === 'weekly' ? `${WEEKDAYS[list.weekday ?? 0]}s` : 'Daily'
  const scope = list.categoryName ?? list.tagName
  return `${day} at ${list.sendTime} (${zone})${scope ? ` · ${scope}` : ''} · at least ${list.minStories} ${list.minStories === 1 ? 'story' : 'stories'}`
}

function ListCard({
  list,
  issues,
  onEdit,
}: {
  list: LoaderData['lists'][number]
  issues: LoaderData['issues']
  onEdit: () => void
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const schedule = scheduleOf(list, usePaperTimeZone())
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <CardTitle className="flex flex-wrap items-center gap-2 font-serif text-xl">
              {list.name}
              <Badge variant="secondary">{LIST_KIND_NAMES[list.kind]}</Badge>
              {list.isDefault ? <Badge variant="outline">Default on sign-up</Badge> : null}
              {list.announceInMail ? <Badge variant="outline">Announced in mails</Badge> : null}
            </CardTitle>
            <CardDescription>
              {formatCount(list.subscribers, 'subscriber')}
              {list.description ? ` · ${list.description}` : ''}
            </CardDescription>
            {schedule ? <p className="text-sm text-muted-foreground">{schedule}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {list.kind === 'edition' ? (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="new-edition" />
                <input type="hidden" name="id" value={list.id} />
                <Button type="submit" size="sm" disabled={fetcher.state !== 'idle'}>
                  <Plus aria-hidden="true" /> New edition
                </Button>
              </fetcher.Form>
            ) : null}
            <Button type="button" size="sm" variant="outline" onClick={onEdit}>
              {/* Among several cards, "Edit" alone does not say which list (WCAG 2.4.6); the
                  visible word stays first in the name (2.5.3: "Edit Breaking news"). */}
              <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {list.name}</span>
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a href={`/newsletters/${list.slug}`}>Archive</a>
            </Button>
            <ConfirmRowDelete
              question="Delete this newsletter?"
              description={`${list.name} and its subscriptions go. A newsletter that has sent issues is kept for its archive.`}
              name={list.name}
              busy={fetcher.state !== 'idle'}
              onConfirm={() =>
                fetcher.submit({ intent: 'delete-list', id: String(list.id) }, { method: 'post' })
              }
            />
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {issues.length === 0 ? (
          <p className="text-sm text-muted-foreground">No issues yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {issues.map((issue) => (
              <li key={issue.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                {/* The whole subject, wrapped: a cut one cannot be told from its neighbour. */}
                <Link
                  to={`/admin/newsletters/issues/${issue.id}`}
                  className="min-w-48 flex-1 font-medium break-words underline-offset-4 hover:underline"
                >
                  {issue.subject || 'Untitled edition'}
                </Link>
                <span className="ml-auto flex items-center gap-2 text-sm text-muted-foreground">
                  {issue.recipientCount > 0 ? formatCount(issue.recipientCount, 'recipient') : null}
                  <IssueStatusBadge status={issue.status} />
                  {issue.status === 'draft' ? (
                    <ConfirmRowDelete
                      question="Delete this draft?"
                      description="The draft and what was composed in it go. This cannot be undone."
                      label="Delete draft"
                      name={issue.subject || 'Untitled edition'}
                      busy={fetcher.state !== 'idle'}
                      onConfirm={() =>
                        fetcher.submit(
                          { intent: 'delete-issue', id: String(issue.id) },
                          { method: 'post' },
                        )
                      }
                    />
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

export default function NewslettersPage({ loaderData }: Route.ComponentProps) {
  const { lists, issues, categories, tags, timeZones, defaultTimeZone } = loaderData
  const [editing, setEditing] = useState<EditableList | null>(null)
  const [open, setOpen] = useState(false)
  const openDialog = (list: EditableList | null) => {
    setEditing(list)
    setOpen(true)
  }
  return (
    <>
      <PageHeader
        title="Newsletters"
        description="Lists readers subscribe to, their issues, and what each send did."
        actions={
          <Button type="button" onClick={() => openDialog(null)}>
            <Plus aria-hidden="true" /> New newsletter
          </Button>
        }
      />
      {lists.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Mail aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-muted-foreground">No newsletters yet. Create the first one.</p>
          </CardContent>
        </Card>
      ) : (
        // One column no wider than the screen: a card's long subject or badges wrap inside it.
        <div className="grid grid-cols-1 gap-4">
          {lists.map((list) => (
            <ListCard
              key={list.id}
              list={list}
              issues={issues.filter((i) => i.listId === list.id)}
              onEdit={() => openDialog(list)}
            />
          ))}
        </div>
      )}
      {open ? (
        <NewsletterListDialog
          key={editing?.id ?? 'new'}
          list={editing}
          open={open}
          onOpenChange={setOpen}
          categories={categories}
          tags={tags}
          timeZones={timeZones}
          defaultTimeZone={defaultTimeZone}
        />
      ) : null}
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Newsletters · Admin Panel' }]
