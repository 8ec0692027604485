import {
  ArchiveIcon,
  ClipboardListIcon,
  FileCheckIcon,
  FilePenLineIcon,
  FileTextIcon,
  FolderTreeIcon,
  PlusIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { DashboardArticlesTable } from '~/components/admin/dashboard-articles-table'
import { MemberFiguresCards } from '~/components/admin/member-figures'
import { ReviewQueueCard } from '~/components/admin/review-queue'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { canManageMembers, canReviewArticles } from '~/domain/access/access-rules'
import { memberFigures } from '~/domain/membership/member-figures.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { requireStaff } from './+shared/require-access.server'
import {
  getDashboardData,
  getOwnDashboardData,
} from '~/domain/articles/admin-articles-queries.server'
import { listReviewQueue } from '~/domain/articles/review-queries.server'
import { articleRowAction } from './+shared/article-actions.server'
import type { Route } from './+types/admin._index'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request)
  const viewer = { id: user.id, role: user.role }
  const now = new Date()
  // Writers (contributors, authors) see their own articles' states: the newsroom's figures
  // and its review queue are for those who can act on them.
  const reviewer: boolean = canReviewArticles(user)
  if (!reviewer) {
    return { scope: 'own' as const, viewer, now, ...(await getOwnDashboardData(user.id)) }
  }
  // The publisher's figures (issue 38) for those who manage members: admins.
  const membership = async () => {
    if (!canManageMembers(user)) return null
    const { timeZone, currency } = await getSiteSettings()
    return { figures: await memberFigures(now, timeZone), currency }
  }
  const [newsroom, reviewQueue, members] = await Promise.all([
    getDashboardData(),
    listReviewQueue(),
    membership(),
  ])
  return { scope: 'newsroom' as const, viewer, now, ...newsroom, reviewQueue, members }
}

export async function action(args: Route.ActionArgs) {
  return articleRowAction(args, 'dashboard')
}

function StatCard({
  title,
  value,
  icon: Icon,
}: {
  title: string
  value: number
  icon: LucideIcon
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle className="font-sans text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums">{value.toLocaleString('en-US')}</p>
      </CardContent>
    </Card>
  )
}

type LoaderData = Route.ComponentProps['loaderData']

function NewsroomDashboard({ data }: { data: Extract<LoaderData, { scope: 'newsroom' }> }) {
  const { totalArticles, publishedArticles, categories, users, recent, reviewQueue } = data
  return (
    <>
      <section aria-label="Overview" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard title="Total Articles" value={totalArticles} icon={FileTextIcon} />
        <StatCard title="Published Articles" value={publishedArticles} icon={FileCheckIcon} />
        <StatCard title="Categories" value={categories} icon={FolderTreeIcon} />
        <StatCard title="Total Users" value={users} icon={UsersIcon} />
      </section>
      {data.members ? (
        <section aria-labelledby="dashboard-members" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="dashboard-members" className="font-serif text-xl font-semibold">
              Members
            </h2>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/members">View members</Link>
            </Button>
          </div>
          <MemberFiguresCards figures={data.members.figures} currency={data.members.currency} />
        </section>
      ) : null}
      {/* On a phone the queue follows Recent Articles, whose first row's actions stay on the
          first screen; the sidebar's badge already says how many wait. */}
      <ReviewQueueCard
        items={reviewQueue.items}
        total={reviewQueue.total}
        now={data.now}
        className="max-md:order-last"
      />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <CardTitle id="recent-articles">Recent Articles</CardTitle>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/articles">View all articles</Link>
          </Button>
        </CardHeader>
        <CardContent>
          {recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">No articles yet.</p>
          ) : (
            <DashboardArticlesTable
              rows={recent}
              viewer={data.viewer}
              labelledBy="recent-articles"
            />
          )}
        </CardContent>
      </Card>
    </>
  )
}

function OwnDashboard({ data }: { data: Extract<LoaderData, { scope: 'own' }> }) {
  const { counts, recent } = data
  return (
    <>
      <section
        aria-label="Your articles"
        className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      >
        <StatCard title="Drafts" value={counts.draft} icon={FilePenLineIcon} />
        <StatCard title="Waiting for review" value={counts.review} icon={ClipboardListIcon} />
        <StatCard title="Published" value={counts.published} icon={FileCheckIcon} />
        <StatCard
          title="Archived or hidden"
          value={counts.archived + counts.hidden}
          icon={ArchiveIcon}
        />
      </section>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <CardTitle id="recent-articles">Your recent articles</CardTitle>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/articles">View all articles</Link>
          </Button>
        </CardHeader>
        <CardContent>
          {recent.length === 0 ? (
            <div className="grid justify-items-start gap-3">
              <p className="text-sm text-muted-foreground">
                You have not written any articles yet. When you submit one for review, an editor
                publishes it or returns it to you with a note.
              </p>
              <Button asChild size="sm">
                <Link to="/admin/new-article">
                  <PlusIcon aria-hidden="true" />
                  Write an article
                </Link>
              </Button>
            </div>
          ) : (
            <DashboardArticlesTable
              rows={recent}
              viewer={data.viewer}
              labelledBy="recent-articles"
              showAuthor={false}
            />
          )}
        </CardContent>
      </Card>
    </>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Dashboard</h1>
      {loaderData.scope === 'newsroom' ? (
        <NewsroomDashboard data={loaderData} />
      ) : (
        <OwnDashboard data={loaderData} />
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin Panel' }]

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Failed to load the dashboard</AlertTitle>
      <AlertDescription>Please reload the page in a moment.</AlertDescription>
    </Alert>
  )
}
