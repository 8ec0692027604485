// Class strings for the public site's controls. The reader's pages avoid ui/button (whose
// cn() brings tailwind-merge into the bundle) to stay inside the JavaScript budget.

const focusRing =
  'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background'

export const iconButtonClass = `inline-flex size-10 shrink-0 items-center justify-center rounded-md text-foreground transition-colors hover:bg-accent hover:text-accent-foreground [&_svg]:size-5 ${focusRing}`

const buttonBase = `inline-flex h-9 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors [&_svg]:size-4 ${focusRing}`

export const primaryButtonClass = `${buttonBase} bg-primary text-primary-foreground hover:bg-primary/90`
export const outlineButtonClass = `${buttonBase} border border-input bg-background hover:bg-accent hover:text-accent-foreground`
export const ghostButtonClass = `${buttonBase} hover:bg-accent hover:text-accent-foreground`

export const textLinkClass = `rounded-sm underline-offset-4 hover:underline ${focusRing}`

/** Page gutters without a width; pair with a max-w-* class (plain strings do not merge). */
export const gutterClass = 'mx-auto w-full px-4 sm:px-6 lg:px-8'
export const containerClass = `${gutterClass} max-w-7xl`
