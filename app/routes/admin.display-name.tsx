import { canOpenBackOffice } from '~/domain/access/access-rules'
import { setDisplayName } from '~/domain/users/display-name.server'
import { displayNameStepSchema } from '~/domain/users/invitations-schema'
import { safeRedirect } from '~/domain/users/redirect'
import { redirectWithToast } from '~/infra/toast.server'
import { actionInvalid, failureFrom, formFields } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.display-name'

/**
 * The back office's display-name step (components/admin/display-name-step.tsx, shown by the
 * admin layout in place of any page while the staff member has none): saves the name, then
 * back to the page they were opening.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, canOpenBackOffice)
  const parsed = displayNameStepSchema.safeParse(formFields(await request.formData()))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    await setDisplayName(me, parsed.data.displayName)
  } catch (error) {
    return failureFrom(error, { context })
  }
  const back = safeRedirect(parsed.data.redirectTo)
  return redirectWithToast(back.startsWith('/admin') ? back : '/admin', {
    type: 'success',
    title: 'Display name saved',
    description: `Your bylines will show “${parsed.data.displayName}”.`,
  })
}
