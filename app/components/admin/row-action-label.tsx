import type { LucideIcon } from 'lucide-react'

/**
 * What a table row's action button shows: the icon, and its label from the sm breakpoint up.
 * Screen readers always hear the label and the row's name ("Delete Sport"), so every row's
 * buttons stay distinct.
 */
export function RowActionLabel({
  icon: Icon,
  label,
  name,
}: {
  icon: LucideIcon
  label: string
  name: string
}) {
  return (
    <>
      <Icon aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{label}</span>
      <span className="sr-only"> {name}</span>
    </>
  )
}
