import { useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'

/** The form's button, with the auth kit's "…ing ..." label while the post is under way. */
export function SubmitButton({
  label,
  pendingLabel,
  intent,
  variant,
  className,
}: {
  label: string
  pendingLabel: string
  intent?: string
  variant?: 'default' | 'destructive' | 'outline' | 'secondary'
  className?: string
}) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' &&
    (intent === undefined || navigation.formData?.get('intent') === intent)
  return (
    <Button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      variant={variant}
      className={className ?? 'w-full'}
      disabled={pending}
    >
      {pending ? pendingLabel : label}
    </Button>
  )
}
