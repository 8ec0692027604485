import { Slot } from '@radix-ui/react-slot'
import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'

import { cn } from '~/lib/utils'

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default:
          'border-transparent bg-primary text-primary-foreground [&:is(a,button)]:hover:bg-primary/90',
        secondary:
          'border-transparent bg-secondary text-secondary-foreground [&:is(a,button)]:hover:bg-secondary/80',
        outline:
          'text-foreground [&:is(a,button)]:hover:bg-accent [&:is(a,button)]:hover:text-accent-foreground',
        destructive:
          'border-transparent bg-destructive text-destructive-foreground [&:is(a,button)]:hover:bg-destructive/90',
        // Article statuses, docs/product.md §4: published green, archived grey, hidden purple, draft yellow, review blue.
        published: 'border-transparent bg-status-published text-status-published-foreground',
        archived: 'border-transparent bg-status-archived text-status-archived-foreground',
        hidden: 'border-transparent bg-status-hidden text-status-hidden-foreground',
        draft: 'border-transparent bg-status-draft text-status-draft-foreground',
        review: 'border-transparent bg-status-review text-status-review-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>

const statusVariants = ['published', 'archived', 'hidden', 'draft', 'review'] as const

/** The badge colour for an article status; any other status is yellow like draft (docs/product.md §4). */
export function statusBadgeVariant(status: string): BadgeVariant {
  return (statusVariants as readonly string[]).includes(status)
    ? (status as (typeof statusVariants)[number])
    : 'draft'
}

export type BadgeProps = ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /** Render the single child (a link or button, e.g. a clickable tag) with badge styles. */
    asChild?: boolean
  }

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : 'span'
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
}
