import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/alert-dialog'
import { Button } from '~/components/ui/button'
import { RowActionLabel } from './row-action-label'

/** A destructive action behind the "Are you sure…?" question of docs/product.md §5. */
export function ConfirmAction({
  trigger,
  question,
  description,
  confirmLabel = 'Delete',
  tone = 'destructive',
  onConfirm,
}: {
  trigger: ReactNode
  question: string
  description?: ReactNode
  confirmLabel?: string
  /** Destructive for deletions; default for a grant that asks to be sure (Make Admin). */
  tone?: 'destructive' | 'default'
  onConfirm: () => void
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{question}</AlertDialogTitle>
          <AlertDialogDescription>{description ?? 'This cannot be undone.'}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant={tone} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** A table row's Delete (or Remove) button that asks first; `label` is also the answer's. */
export function ConfirmRowDelete({
  question,
  description,
  label = 'Delete',
  name,
  busy,
  onConfirm,
}: {
  question: string
  description: ReactNode
  label?: string
  /** The row's name, read out with the label ("Delete Sport"). */
  name: string
  busy: boolean
  onConfirm: () => void
}) {
  return (
    <ConfirmAction
      question={question}
      description={description}
      confirmLabel={label}
      onConfirm={onConfirm}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          disabled={busy}
        >
          <RowActionLabel icon={Trash2} label={label} name={name} />
        </Button>
      }
    />
  )
}
