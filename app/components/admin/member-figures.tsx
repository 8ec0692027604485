import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import type { MemberFigures, MonthFigure } from '~/domain/membership/members-schema'
import { formatPrice } from '~/lib/money'

const count = new Intl.NumberFormat('en-US')

/** "2026-03" → "Mar 2026" (the month is the site's own, already cut in its zone). */
function monthName(month: string, withYear = true) {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`))
}

/**
 * Six small bars, the last one (this month) in the foreground colour. Drawn inline, no chart
 * library; the figures are in the table the screen reader gets instead (`sr-only`).
 */
function Bars({ series, format }: { series: MonthFigure[]; format: (n: number) => string }) {
  const max = Math.max(1, ...series.map((point) => point.value))
  const width = 120
  const height = 32
  const gap = 4
  const bar = (width - gap * (series.length - 1)) / series.length
  return (
    <>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-8 w-full max-w-40"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        {series.map((point, i) => {
          const h = Math.max(1.5, (point.value / max) * height)
          return (
            <rect
              key={point.month}
              x={i * (bar + gap)}
              y={height - h}
              width={bar}
              height={h}
              rx={1.5}
              className={i === series.length - 1 ? 'fill-primary' : 'fill-muted-foreground/35'}
            >
              <title>{`${monthName(point.month)}: ${format(point.value)}`}</title>
            </rect>
          )
        })}
      </svg>
      <table className="sr-only">
        <tbody>
          {series.map((point) => (
            <tr key={point.month}>
              <th scope="row">{monthName(point.month)}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex justify-between text-[0.65rem] text-muted-foreground" aria-hidden="true">
        <span>{monthName(series[0].month, false)}</span>
        <span>{monthName(series[series.length - 1].month, false)}</span>
      </p>
    </>
  )
}

function FigureCard({
  title,
  series,
  format,
  note,
}: {
  title: string
  series: MonthFigure[]
  format: (n: number) => string
  note: string
}) {
  const current = series[series.length - 1]?.value ?? 0
  return (
    <Card>
      <CardHeader className="p-4 pb-1">
        <CardTitle className="font-sans text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 p-4 pt-0">
        <p className="text-2xl font-bold tabular-nums">{format(current)}</p>
        <p className="text-xs text-muted-foreground">{note}</p>
        <Bars series={series} format={format} />
      </CardContent>
    </Card>
  )
}

/**
 * The publisher's figures (issue 38): paying members, monthly recurring revenue, new and
 * cancelled this month, trial conversions, each with its last six months.
 */
export function MemberFiguresCards({
  figures,
  currency,
}: {
  figures: MemberFigures
  currency: string
}) {
  const number = (n: number) => count.format(n)
  const money = (n: number) => formatPrice(n, currency)
  return (
    <section
      aria-label="Membership figures"
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5"
    >
      <FigureCard
        title="Paying members"
        series={figures.payingMembers}
        format={number}
        note="Through Stripe, trials included"
      />
      <FigureCard
        title="Monthly recurring revenue"
        series={figures.mrrCents}
        format={money}
        note="Yearly plans as a twelfth; trials not yet"
      />
      <FigureCard
        title="New this month"
        series={figures.newMembers}
        format={number}
        note="Began a subscription"
      />
      <FigureCard
        title="Cancelled this month"
        series={figures.cancelled}
        format={number}
        note="Cancelled or ended"
      />
      <FigureCard
        title="Trial conversions"
        series={figures.trialConversions}
        format={number}
        note="Trials that became paid"
      />
    </section>
  )
}
