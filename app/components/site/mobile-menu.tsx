import { Form, NavLink } from 'react-router'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '~/components/ui/sheet'
import type { SiteCategory, SiteUser } from './site-nav'

const itemClass =
  'block rounded-md px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground'

/**
 * The slide-out menu under 768 px (docs/product.md §2 Header): Home, the categories, Admin Dashboard for
 * admins, then Profile and Sign Out when signed in, Sign In and Sign Up when not.
 */
export function MobileMenu({
  open,
  onOpenChange,
  brand,
  categories,
  user,
  signInPath,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  brand: string
  categories: SiteCategory[]
  user: SiteUser | null
  /** Sign-in that returns to this page (the header's, so that the helper ships once). */
  signInPath: string
}) {
  const close = () => onOpenChange(false)
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 gap-2 p-4">
        <SheetHeader className="px-3 pt-1">
          <SheetTitle className="text-2xl font-black">{brand}</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="mt-2 flex flex-col gap-1">
          <NavLink to="/" end onClick={close} className={itemClass}>
            Home
          </NavLink>
          {categories.map((category) => (
            <NavLink
              key={category.id}
              to={`/category/${category.slug}`}
              onClick={close}
              className={itemClass}
            >
              {category.name}
            </NavLink>
          ))}
        </nav>
        <div className="mt-4 flex flex-col gap-1 border-t pt-4">
          {user?.opensBackOffice ? (
            <NavLink to="/admin" onClick={close} className={itemClass}>
              Admin Dashboard
            </NavLink>
          ) : null}
          {user ? (
            <>
              <NavLink to="/profile" onClick={close} className={itemClass}>
                Profile
              </NavLink>
              <Form method="post" action="/signout" onSubmit={close}>
                <button type="submit" className={`${itemClass} w-full text-left`}>
                  Sign Out
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to={signInPath} onClick={close} className={itemClass}>
                Sign In
              </NavLink>
              <NavLink to="/signup" onClick={close} className={itemClass}>
                Sign Up
              </NavLink>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  )
}
