import { lazy, Suspense, useState } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { useHydrated } from '~/lib/use-hydrated'
import { BrandLink, type BrandSettings } from './brand-link'
import { Icon } from './icon'
import { SearchLauncher } from './search-launcher'
import type { SiteCategory, SiteUser } from './site-nav'
import {
  containerClass,
  ghostButtonClass,
  iconButtonClass,
  outlineButtonClass,
  primaryButtonClass,
} from './styles'
import { ThemeToggle } from './theme-toggle'
import { signInPathFrom } from '~/lib/sign-in-path'

const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })))

function AuthButtons({ user }: { user: SiteUser | null }) {
  const location = useLocation()
  if (!user) {
    return (
      <div className="hidden items-center gap-2 md:flex">
        {/* Signing in brings the reader back to this page. */}
        <Link to={signInPathFrom(location.pathname + location.search)} className={ghostButtonClass}>
          Sign In
        </Link>
        <Link to="/signup" className={primaryButtonClass}>
          Sign Up
        </Link>
      </div>
    )
  }
  return (
    <div className="hidden items-center gap-2 md:flex">
      {user?.opensBackOffice ? (
        <Link to="/admin" className={primaryButtonClass}>
          Admin Dashboard
        </Link>
      ) : null}
      <Link to="/profile" className={ghostButtonClass}>
        Profile
      </Link>
      <Form method="post" action="/signout">
        <button type="submit" className={outlineButtonClass}>
          Sign Out
        </button>
      </Form>
    </div>
  )
}

/** Opens the slide-out menu; before hydration, a link to the footer's navigation. */
function MenuButton({ onOpen }: { onOpen: () => void }) {
  const hydrated = useHydrated()
  const label = 'Open menu'
  if (!hydrated) {
    return (
      <a href="#site-footer-nav" aria-label={label} className={`${iconButtonClass} md:hidden`}>
        <Icon name="menu" />
      </a>
    )
  }
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      onClick={onOpen}
      onPointerEnter={() => void import('./mobile-menu')}
      className={`${iconButtonClass} md:hidden`}
    >
      <Icon name="menu" />
    </button>
  )
}

const navLinkClass =
  'relative block whitespace-nowrap rounded-sm py-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:text-foreground aria-[current=page]:after:absolute aria-[current=page]:after:inset-x-0 aria-[current=page]:after:bottom-0 aria-[current=page]:after:h-0.5 aria-[current=page]:after:bg-foreground'

/**
 * The public header (docs/product.md §2 Header): brand, category navigation on desktop, search, theme
 * toggle and the reader's account buttons; under 768 px a menu button opens the slide-out menu.
 */
export function SiteHeader({
  settings,
  categories,
  user,
}: {
  settings: BrandSettings
  categories: SiteCategory[]
  user: SiteUser | null
}) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuLoaded, setMenuLoaded] = useState(false)
  const location = useLocation()
  return (
    <header className="border-b bg-background">
      <div className={`${containerClass} flex h-16 items-center gap-2 md:h-20 md:gap-4`}>
        <MenuButton
          onOpen={() => {
            setMenuLoaded(true)
            setMenuOpen(true)
          }}
        />
        <BrandLink settings={settings} />
        <div className="ml-auto flex items-center gap-1 md:gap-2">
          <SearchLauncher />
          <ThemeToggle />
          <AuthButtons user={user} />
        </div>
      </div>
      {categories.length > 0 ? (
        <nav aria-label="Categories" className="hidden border-t md:block">
          <ul className={`${containerClass} flex gap-6 overflow-x-auto`}>
            <li>
              <NavLink to="/" end className={navLinkClass}>
                Home
              </NavLink>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <NavLink to={`/category/${category.slug}`} className={navLinkClass}>
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            brand={settings.logoText || 'Broadsheet'}
            categories={categories}
            user={user}
            signInPath={signInPathFrom(location.pathname + location.search)}
          />
        </Suspense>
      ) : null}
    </header>
  )
}
