import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader } from '~/components/ui/card'

/** The frame of every auth view: a centred card with the view's heading. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center gap-2 text-center">
          <h1 className="font-serif text-3xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </CardHeader>
        <CardContent className="grid gap-6">
          {children}
          {footer ? <nav className="grid gap-2 text-center text-sm">{footer}</nav> : null}
        </CardContent>
      </Card>
    </div>
  )
}

/** A link in the card's footer; `primary` marks the main way on (sign in, sign up). */
export function AuthCardLink({
  to,
  primary = false,
  children,
}: {
  to: string
  primary?: boolean
  children: ReactNode
}) {
  return (
    <Link
      to={to}
      className={
        primary
          ? 'font-medium text-primary underline-offset-4 hover:underline'
          : 'text-muted-foreground underline-offset-4 hover:underline'
      }
    >
      {children}
    </Link>
  )
}
