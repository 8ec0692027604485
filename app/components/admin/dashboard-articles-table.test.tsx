import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { DashboardArticlesTable, type DashboardRow } from './dashboard-articles-table'

const ADMIN = { id: 'admin-1', role: 'admin' as const }

const ROW: DashboardRow = {
  id: 7,
  title: 'Council votes on the levy',
  status: 'published',
  publishedAt: new Date('2025-06-01T12:00:00Z'),
  categoryName: 'Politics',
  authorId: 'writer-1',
  authorName: 'Dana Desk',
  authorEmail: 'dana.desk@example.com',
}

function render(rows: DashboardRow[]) {
  const Stub = createRoutesStub([
    {
      path: '/admin',
      Component: () => <DashboardArticlesTable rows={rows} viewer={ADMIN} labelledBy="recent" />,
    },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/admin']} />)
}

/** The cells of the table's one body row: each opening tag and its text. */
function cellsOf(html: string) {
  const body = html.slice(html.indexOf('<tbody'))
  return [...body.matchAll(/(<td[^>]*>)([\s\S]*?)<\/td>/g)].map(([, tag, cell]) => ({
    tag,
    text: cell.replace(/<[^>]+>/g, ''),
  }))
}

describe('DashboardArticlesTable', () => {
  it('shows the author’s e-mail in the Author column (spec, Dashboard), the name as its title', () => {
    const html = render([ROW])
    const cells = cellsOf(html)
    expect(cells.slice(0, 3).map((cell) => cell.text)).toEqual([
      'Council votes on the levy',
      'dana.desk@example.com',
      'Politics',
    ])
    expect(cells[1].tag).toContain('title="Dana Desk"')
  })

  it('hides the Author column on small screens', () => {
    const html = render([ROW])
    expect(html).toMatch(/<th[^>]*class="[^"]*\bhidden\b[^"]*\bmd:table-cell\b[^"]*"[^>]*>Author</)
    expect(cellsOf(html)[1].tag).toMatch(/class="[^"]*\bhidden\b[^"]*\bmd:table-cell\b/)
  })

  it('says Unknown for an article with no author', () => {
    const html = render([{ ...ROW, authorId: null, authorName: null, authorEmail: null }])
    const author = cellsOf(html)[1]
    expect(author.text).toBe('Unknown')
    expect(author.tag).not.toContain('title=')
  })

  it('shows a published story whose time is to come as Scheduled, with its day', () => {
    const scheduled = cellsOf(render([{ ...ROW, publishedAt: new Date('2030-01-05T09:00:00Z') }]))
    expect(scheduled[3].text).toBe('ScheduledJan 5, 2030')
    expect(cellsOf(render([ROW]))[3].text).toBe('Published')
  })
})
