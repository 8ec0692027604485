import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { daysEndingOn } from '~/domain/articles/article-views-queries.server'
import { ArticleViewsCard, ViewsBars } from './article-views'

// Thirty days of the paper ending on Thursday, November 26, 2026; views on a few of them.
const views: Record<string, number> = { '2026-11-26': 5, '2026-11-24': 1234, '2026-11-02': 9 }
const days = daysEndingOn('2026-11-26', 30).map((day) => ({ day, views: views[day] ?? 0 }))
const stats = { today: 5, week: 1239, total: 1248, days, timeZone: 'Europe/Paris' }

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The texts of the elements whose class list includes `cls`, in order. */
function textsOf(html: string, tag: string, cls: string) {
  const pattern = new RegExp(`<${tag} class="[^"]*${cls}[^"]*"[^>]*>([^<]*)</${tag}>`, 'g')
  return [...html.matchAll(pattern)].map(([, inner]) => inner).filter(Boolean)
}

describe('ArticleViewsCard', () => {
  it('names each of the last 7 days under its bar and shows its views above it', () => {
    const html = renderToStaticMarkup(<ArticleViewsCard stats={stats} />)
    const bars = html.slice(html.indexOf('data-testid="views-bars"'), html.indexOf('<table'))
    expect(textsOf(bars, 'span', 'whitespace-nowrap')).toEqual([
      'Fri 20',
      'Sat 21',
      'Sun 22',
      'Mon 23',
      'Tue 24',
      'Wed 25',
      'Thu 26',
    ])
    expect(textsOf(bars, 'span', 'tabular-nums')).toEqual(['0', '0', '0', '0', '1,234', '0', '5'])
    expect(html).toContain('Days in the paper’s time zone (Europe/Paris).')
  })

  it('gives a screen reader the week as a table, the newest day first', () => {
    const html = renderToStaticMarkup(<ArticleViewsCard stats={stats} />)
    const table = html.slice(html.indexOf('<table'), html.indexOf('</table>'))
    expect(html).toMatch(/<div aria-hidden="true" class="grid gap-1" data-testid="views-bars">/)
    expect(table).toContain('<caption class="sr-only">Views per day, last 7 days</caption>')
    expect(text(table)).toBe(
      'Views per day, last 7 days Day Views Thu, Nov 26 5 Wed, Nov 25 0 Tue, Nov 24 1,234 ' +
        'Mon, Nov 23 0 Sun, Nov 22 0 Sat, Nov 21 0 Fri, Nov 20 0',
    )
  })

  it('offers 7 and 30 days as tabs, 7 first', () => {
    const html = renderToStaticMarkup(<ArticleViewsCard stats={stats} />)
    expect(html).toMatch(/role="tablist"[^>]*aria-label="Days shown"/)
    expect(html).toMatch(/aria-selected="true"[^>]*>7 days</)
    expect(html).toMatch(/aria-selected="false"[^>]*>30 days</)
  })
})

describe('ViewsBars over 30 days', () => {
  it('names every seventh day back from today, so the names fit a phone', () => {
    const html = renderToStaticMarkup(<ViewsBars days={days} showCounts={false} labelEvery={7} />)
    expect(textsOf(html, 'span', 'whitespace-nowrap')).toEqual([
      'Thu 29',
      'Thu 5',
      'Thu 12',
      'Thu 19',
      'Thu 26',
    ])
    // One bar a day, each with its figure on hover; no count above bars this narrow.
    expect([...html.matchAll(/title="([^"]+)"/g)].map(([, t]) => t)).toHaveLength(30)
    expect(html).toContain('title="Mon, Nov 2: 9"')
    expect(textsOf(html, 'span', 'tabular-nums')).toEqual([])
  })
})
