import { BarChart3Icon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDate } from '~/lib/dates'

interface ViewDay {
  day: string
  views: number
}

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' })
const number = new Intl.NumberFormat('en-GB')

/**
 * The last 7 days' views as small bars, in inline SVG (no chart library for seven numbers).
 * A picture with a label that reads the numbers out: a screen reader hears the whole week.
 */
export function ViewsChart({
  days,
  width = 112,
  height = 28,
}: {
  days: ViewDay[]
  width?: number
  height?: number
}) {
  const most = Math.max(1, ...days.map((d) => d.views))
  const slot = width / days.length
  const bar = Math.max(2, slot - 3)
  // Views are counted per UTC day, so each day is named in UTC ("Nov 27").
  const label = `Views in the last 7 days: ${days
    .map((d) => `${formatDate(d.day, 'monthDay', 'UTC')}: ${number.format(d.views)}`)
    .join(', ')}`
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="shrink-0 text-primary"
    >
      <title>{label}</title>
      <line
        x1="0"
        x2={width}
        y1={height - 0.5}
        y2={height - 0.5}
        className="stroke-border"
        strokeWidth="1"
      />
      {days.map((d, i) => {
        // A day with views always shows at least a sliver; a day without shows none.
        const h = d.views === 0 ? 0 : Math.max(2, Math.round((d.views / most) * (height - 2)))
        return (
          <rect
            key={d.day}
            x={i * slot + (slot - bar) / 2}
            y={height - 1 - h}
            width={bar}
            height={h}
            rx="1"
            fill="currentColor"
          />
        )
      })}
    </svg>
  )
}

/** The edit page's "Views" card: today, the last 7 days, in all, and the week's bars. */
export function ArticleViewsCard({
  stats,
}: {
  stats: { today: number; week: number; total: number; days: ViewDay[] }
}) {
  const figures = [
    ['Today', stats.today],
    ['7 days', stats.week],
    ['Total', stats.total],
  ] as const
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
        <div className="flex items-end justify-between gap-3">
          <ViewsChart days={stats.days} width={196} height={40} />
          <p className="text-xs text-muted-foreground">
            {WEEKDAY.format(new Date(`${stats.days[0].day}T00:00:00Z`))} – today (UTC)
          </p>
        </div>
        <p className="text-xs text-muted-foreground">
          Readers’ visits, as counted for Trending (crawlers left out).
        </p>
      </CardContent>
    </Card>
  )
}
