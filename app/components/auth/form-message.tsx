import { CircleAlert, CircleCheck } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'

/**
 * The auth kit's message box: the server's error in a danger box, or a confirmation. Renders
 * nothing without a message, so a form can always place it above its fields.
 */
export function FormMessage({
  kind,
  title,
  message,
}: {
  kind: 'error' | 'success'
  title?: string
  message: string | null | undefined
}) {
  if (!message) return null
  if (kind === 'error') {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        {title ? <AlertTitle>{title}</AlertTitle> : null}
        <AlertDescription>{message}</AlertDescription>
      </Alert>
    )
  }
  return (
    <Alert className="border-primary/40">
      <CircleCheck aria-hidden />
      <AlertDescription className="text-foreground">{message}</AlertDescription>
    </Alert>
  )
}
