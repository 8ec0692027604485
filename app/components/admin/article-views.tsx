import { BarChart3Icon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { formatDate } from '~/lib/dates'
import { cn } from '~/lib/utils'

interface ViewDay {
  /** A calendar day of the paper, `yyyy-MM-dd`. */
  day: string
  views: number
}

export interface ArticleViewsStats {
  today: number
  week: number
  total: number
  /** The paper's last 30 days, oldest first, today last. */
  days: ViewDay[]
  timeZone: string
}

const number = new Intl.NumberFormat('en-GB')
/** The tallest bar, in pixels; the count above it needs its own line. */
const BAR_MAX = 64

// The days are calendar days already in the paper's zone: printed as the dates they name.
const dayLabel = (day: string) => formatDate(day, 'weekdayDay', 'UTC')
const dayName = (day: string) => formatDate(day, 'weekdayMonthDay', 'UTC')

/**
 * Days as bars, each named under it ("Thu 26") — every day, or every `labelEvery`th counting
 * back from today where names would not fit — and, with `showCounts`, its views above it. The
 * picture is hidden from screen readers: the table beside it reads the same numbers out.
 */
export function ViewsBars({
  days,
  showCounts,
  labelEvery = 1,
}: {
  days: ViewDay[]
  showCounts: boolean
  labelEvery?: number
}) {
  const most = Math.max(1, ...days.map((d) => d.views))
  const columns = { gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }
  const labelled = (i: number) => (days.length - 1 - i) % labelEvery === 0
  return (
    <div aria-hidden="true" className="grid gap-1" data-testid="views-bars">
      <div className="grid items-end gap-px border-b border-border" style={columns}>
        {days.map((d) => {
          // A day with views always shows at least a sliver; a day without shows none.
          const height = d.views === 0 ? 0 : Math.max(2, Math.round((d.views / most) * BAR_MAX))
          return (
            <div key={d.day} className="flex flex-col items-center justify-end">
              {showCounts ? (
                <span className="text-[11px] leading-4 text-muted-foreground tabular-nums">
                  {number.format(d.views)}
                </span>
              ) : null}
              <div
                title={`${dayName(d.day)}: ${number.format(d.views)}`}
                className="w-full max-w-8 rounded-t-sm bg-primary"
                style={{ height }}
              />
            </div>
          )
        })}
      </div>
      <div className="grid gap-px" style={columns}>
        {days.map((d, i) => (
          <span
            key={d.day}
            className={cn(
              'justify-self-center whitespace-nowrap text-[11px] leading-4 text-muted-foreground',
              i === days.length - 1 && 'font-medium text-foreground',
            )}
          >
            {labelled(i) ? dayLabel(d.day) : null}
          </span>
        ))}
      </div>
    </div>
  )
}

/** The same days as a table: what a screen reader hears, and the 30 days' figures on demand. */
function ViewsTable({
  days,
  caption,
  className,
}: {
  days: ViewDay[]
  caption: string
  className?: string
}) {
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            Day
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Views
          </th>
        </tr>
      </thead>
      <tbody>
        {days.toReversed().map((d) => (
          <tr key={d.day} className="border-t border-border">
            <th scope="row" className="py-1 text-left font-normal">
              {dayName(d.day)}
            </th>
            <td className="py-1 text-right tabular-nums">{number.format(d.views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The edit page's "Views" card: today, the last 7 days, in all, and 7 or 30 days as bars. */
export function ArticleViewsCard({ stats }: { stats: ArticleViewsStats }) {
  const figures = [
    ['Today', stats.today],
    ['7 days', stats.week],
    ['Total', stats.total],
  ] as const
  const week = stats.days.slice(-7)
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>
          <h2 className="flex items-center gap-2 text-base">
            <BarChart3Icon aria-hidden="true" className="size-4 text-muted-foreground" />
            Views
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-3 gap-2">
          {figures.map(([term, value]) => (
            <div key={term} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{term}</dt>
              <dd className="text-lg font-semibold tabular-nums">{number.format(value)}</dd>
            </div>
          ))}
        </dl>
        <Tabs defaultValue="7">
          <TabsList aria-label="Days shown" className="h-8">
            <TabsTrigger value="7" className="px-2 py-1 text-xs">
              7 days
            </TabsTrigger>
            <TabsTrigger value="30" className="px-2 py-1 text-xs">
              30 days
            </TabsTrigger>
          </TabsList>
          <TabsContent value="7" className="pt-1">
            <ViewsBars days={week} showCounts />
            <ViewsTable days={week} caption="Views per day, last 7 days" className="sr-only" />
          </TabsContent>
          <TabsContent value="30" className="grid gap-2 pt-1">
            <ViewsBars days={stats.days} showCounts={false} labelEvery={7} />
            <details className="text-sm">
              <summary className="cursor-pointer text-xs font-medium text-muted-foreground hover:text-foreground">
                Views day by day
              </summary>
              <ViewsTable days={stats.days} caption="Views per day, last 30 days" />
            </details>
          </TabsContent>
        </Tabs>
        <p className="text-xs text-muted-foreground">
          Readers’ visits, as counted for Trending (crawlers left out). Days in the paper’s time
          zone ({stats.timeZone}).
        </p>
      </CardContent>
    </Card>
  )
}
