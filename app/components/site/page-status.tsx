import { Link } from 'react-router'
import { containerClass } from './styles'

/**
 * A page-level message inside the site layout: not-found and failure states keep the header
 * and footer so the reader can carry on.
 */
export function PageStatus({
  title,
  message,
  alert,
  children,
}: {
  title: string
  message?: string
  /** A failure to announce (docs/product.md §8 public errors), shown under the heading. */
  alert?: string
  children?: React.ReactNode
}) {
  return (
    <div
      className={`${containerClass} flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center`}
    >
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{title}</h1>
      {alert ? (
        <p
          role="alert"
          className="rounded-md bg-destructive-subtle px-4 py-2 text-sm font-medium text-destructive-subtle-foreground"
        >
          {alert}
        </p>
      ) : null}
      {message ? <p className="max-w-prose text-muted-foreground">{message}</p> : null}
      {children}
      <Link to="/" className="text-primary underline underline-offset-4">
        Back to the front page
      </Link>
    </div>
  )
}
