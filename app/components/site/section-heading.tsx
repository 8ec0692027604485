import { Link } from 'react-router'

/** A newspaper section rule: heading on a heavy line, with an optional "more" link. */
export function SectionHeading({
  id,
  children,
  moreTo,
  moreLabel,
}: {
  id?: string
  children: React.ReactNode
  moreTo?: string
  moreLabel?: string
}) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4 border-b-2 border-foreground pb-2">
      <h2 id={id} className="font-serif text-2xl font-bold sm:text-3xl">
        {children}
      </h2>
      {moreTo && moreLabel ? (
        <Link
          to={moreTo}
          className="shrink-0 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {moreLabel}
        </Link>
      ) : null}
    </div>
  )
}
