import {
  BadgeCheck,
  DatabaseBackup,
  FileInput,
  FileText,
  FolderTree,
  Image,
  Cog,
  CreditCard,
  LayoutDashboard,
  Mail,
  Send,
  Newspaper,
  PackageOpen,
  Settings,
  Plug,
  Signpost,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react'
import {
  canImportContent,
  canManageBackgroundWork,
  canExportSite,
  canManageBackups,
  canManageCategories,
  canManageMedia,
  canManageMembers,
  canManagePages,
  canManageRedirects,
  canManageIntegrations,
  canManageSettings,
  canManageNewsletters,
  canManagePlans,
  canManageSubscribers,
  canManageTags,
  canManageUsers,
  canOpenBackOffice,
  type Actor,
} from '~/domain/access/access-rules'

export interface AdminNavItem {
  title: string
  to: string
  icon: LucideIcon
  /** Other paths under which this item is the current one (the article form lives apart). */
  alsoMatches?: string[]
  /** Who sees the item: the access rule its screen's loader asks (the shell mirrors it). */
  capability: (actor: Actor) => boolean
  /** A count shown beside the title (the review queue on Articles, for reviewers). */
  badge?: 'reviewQueue'
}

/** The sidebar of docs/product.md §2 "Admin area", in its order; Logout follows them. */
export const ADMIN_NAV: AdminNavItem[] = [
  { title: 'Dashboard', to: '/admin', icon: LayoutDashboard, capability: canOpenBackOffice },
  {
    title: 'Articles',
    to: '/admin/articles',
    icon: FileText,
    alsoMatches: ['/admin/new-article', '/admin/edit-article', '/admin/preview'],
    capability: canOpenBackOffice,
    badge: 'reviewQueue',
  },
  {
    title: 'Categories',
    to: '/admin/categories',
    icon: FolderTree,
    capability: canManageCategories,
  },
  { title: 'Tags', to: '/admin/tags', icon: Tags, capability: canManageTags },
  { title: 'Media', to: '/admin/media', icon: Image, capability: canManageMedia },
  { title: 'Users', to: '/admin/users', icon: Users, capability: canManageUsers },
  { title: 'Settings', to: '/admin/settings', icon: Settings, capability: canManageSettings },
]

/** Back-office screens beyond the list of docs/product.md §2: static pages, newsletter readers, backups. */
export const ADMIN_NAV_MORE: AdminNavItem[] = [
  { title: 'Pages', to: '/admin/pages', icon: Newspaper, capability: canManagePages },
  {
    title: 'Newsletters',
    to: '/admin/newsletters',
    icon: Send,
    capability: canManageNewsletters,
  },
  { title: 'Subscribers', to: '/admin/subscribers', icon: Mail, capability: canManageSubscribers },
  { title: 'Members', to: '/admin/members', icon: BadgeCheck, capability: canManageMembers },
  { title: 'Plans', to: '/admin/plans', icon: CreditCard, capability: canManagePlans },
  { title: 'Backups', to: '/admin/backups', icon: DatabaseBackup, capability: canManageBackups },
  { title: 'Redirects', to: '/admin/redirects', icon: Signpost, capability: canManageRedirects },
  {
    title: 'Integrations',
    to: '/admin/integrations',
    icon: Plug,
    capability: canManageIntegrations,
  },
  { title: 'Export', to: '/admin/export', icon: PackageOpen, capability: canExportSite },
  { title: 'Import', to: '/admin/import', icon: FileInput, capability: canImportContent },
  {
    title: 'Background work',
    to: '/admin/background-work',
    icon: Cog,
    capability: canManageBackgroundWork,
  },
]

/** The items `actor` may open, in their order (the server refuses the others anyway). */
export function navItemsFor(items: AdminNavItem[], actor: Actor): AdminNavItem[] {
  return items.filter((item) => item.capability(actor))
}

export function isCurrentNavItem(item: AdminNavItem, pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (item.to === '/admin') return path === '/admin'
  return [item.to, ...(item.alsoMatches ?? [])].some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  )
}

/** Breadcrumb labels for path segments that are not plain words. */
const SEGMENT_LABELS: Record<string, string> = {
  admin: 'Admin',
  'new-article': 'New Article',
  'edit-article': 'Edit Article',
}

export interface Crumb {
  label: string
  to: string
}

/**
 * What a route module exports as `handle` to name its own page in the breadcrumb from its
 * loader's data (the article form: the article's title, not its id).
 */
export interface BreadcrumbHandle {
  breadcrumb?: (loaderData: unknown) => string | null | undefined
}

/**
 * "/admin/edit-article/12" → Admin › Edit Article › 12, each linking to its own path; with
 * `pageLabel` (the page's own name, e.g. the article's title) as the last crumb instead.
 */
export function breadcrumbsFor(pathname: string, pageLabel?: string | null): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  return segments.map((segment, i) => {
    if (pageLabel && i === segments.length - 1) {
      return { label: pageLabel, to: `/${segments.join('/')}` }
    }
    let label = SEGMENT_LABELS[segment]
    if (!label) {
      let decoded = segment
      try {
        decoded = decodeURIComponent(segment)
      } catch {}
      label = decoded.replace(/[-_]+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase())
    }
    return { label, to: `/${segments.slice(0, i + 1).join('/')}` }
  })
}

export const SIDEBAR_COOKIE = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7
export const SIDEBAR_SHORTCUT = 'b'
