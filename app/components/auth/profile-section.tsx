import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'

/** One part of the profile page, a card with an <h2>. */
export function ProfileSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-28">
      <Card>
        <CardHeader>
          <h2 id={`${id}-title`} className="font-serif text-xl font-semibold">
            {title}
          </h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </section>
  )
}
