import { describe, expect, it } from 'vitest'
import { ADMIN_NAV, breadcrumbsFor, isCurrentNavItem } from './admin-navigation'

describe('admin navigation', () => {
  it('lists the spec’s sidebar in order', () => {
    expect(ADMIN_NAV.map((i) => i.title)).toEqual([
      'Dashboard',
      'Articles',
      'Categories',
      'Tags',
      'Media',
      'Users',
      'Settings',
    ])
  })

  it('marks one current item, the article form under Articles', () => {
    const current = (path: string) =>
      ADMIN_NAV.filter((i) => isCurrentNavItem(i, path)).map((i) => i.title)
    expect(current('/admin')).toEqual(['Dashboard'])
    expect(current('/admin/')).toEqual(['Dashboard'])
    expect(current('/admin/tags')).toEqual(['Tags'])
    expect(current('/admin/edit-article/12')).toEqual(['Articles'])
    expect(current('/admin/tagsmore')).toEqual([])
  })

  it('builds a breadcrumb from the path', () => {
    expect(breadcrumbsFor('/admin/edit-article/12')).toEqual([
      { label: 'Admin', to: '/admin' },
      { label: 'Edit Article', to: '/admin/edit-article' },
      { label: '12', to: '/admin/edit-article/12' },
    ])
    expect(breadcrumbsFor('/admin/edit-article/12', 'Harbour reopens')).toEqual([
      { label: 'Admin', to: '/admin' },
      { label: 'Edit Article', to: '/admin/edit-article' },
      { label: 'Harbour reopens', to: '/admin/edit-article/12' },
    ])
    expect(breadcrumbsFor('/admin/edit-article/12', '').at(-1)?.label).toBe('12')
    expect(breadcrumbsFor('/admin/pages/about').map((c) => c.label)).toEqual([
      'Admin',
      'Pages',
      'About',
    ])
  })
})
