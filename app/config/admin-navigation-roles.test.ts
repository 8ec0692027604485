import { describe, expect, it } from 'vitest'
import { STAFF_ROLES, type Role } from '~/domain/access/access-rules'
import { ADMIN_NAV, ADMIN_NAV_MORE, navItemsFor } from './admin-navigation'

const titlesFor = (role: Role) => ({
  main: navItemsFor(ADMIN_NAV, { id: 'someone', role }).map((item) => item.title),
  more: navItemsFor(ADMIN_NAV_MORE, { id: 'someone', role }).map((item) => item.title),
})

describe('the back-office navigation by role', () => {
  it('shows each role only the screens it may open', () => {
    expect(titlesFor('contributor')).toEqual({ main: ['Dashboard', 'Articles'], more: [] })
    expect(titlesFor('author')).toEqual({ main: ['Dashboard', 'Articles'], more: [] })
    expect(titlesFor('editor')).toEqual({
      main: ['Dashboard', 'Articles', 'Categories', 'Tags', 'Media'],
      more: ['Pages', 'Newsletters'],
    })
    expect(titlesFor('admin')).toEqual({
      main: ['Dashboard', 'Articles', 'Categories', 'Tags', 'Media', 'Users', 'Settings'],
      more: [
        'Pages',
        'Newsletters',
        'Subscribers',
        'Members',
        'Plans',
        'Backups',
        'Redirects',
        'Integrations',
        'Export',
        'Import',
        'Background work',
      ],
    })
    expect(titlesFor('viewer')).toEqual({ main: [], more: [] })
  })

  it('keeps the spec’s order, and gives every staff role at least the dashboard', () => {
    for (const role of STAFF_ROLES) {
      const { main } = titlesFor(role)
      expect(main[0], role).toBe('Dashboard')
      const order = ADMIN_NAV.map((item) => item.title)
      expect(main, role).toEqual(order.filter((title) => main.includes(title)))
    }
  })

  it('counts the review queue on Articles', () => {
    expect(ADMIN_NAV.filter((item) => item.badge).map((item) => [item.title, item.badge])).toEqual([
      ['Articles', 'reviewQueue'],
    ])
  })
})
