import { z } from 'zod'
import { canManageSettings } from '~/domain/access/access-rules'
import { chooseSiteTimeZone } from '~/domain/settings/settings.server'
import { siteTimeZoneSchema } from '~/domain/settings/settings-schema'
import { safeRedirect } from '~/domain/users/redirect'
import { redirectWithToast } from '~/infra/toast.server'
import { actionInvalid, failureFrom, formFields } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.time-zone'

const answerSchema = siteTimeZoneSchema.extend({ redirectTo: z.string().optional() })

/**
 * The back office's first question on a new site (components/admin/time-zone-step.tsx, shown
 * by the admin layout to admins until the zone is chosen): saves the site's time zone, then
 * back to the page the admin was on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageSettings)
  const parsed = answerSchema.safeParse(formFields(await request.formData()))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    await chooseSiteTimeZone(parsed.data.timeZone)
  } catch (error) {
    return failureFrom(error, { context })
  }
  const back = safeRedirect(parsed.data.redirectTo)
  return redirectWithToast(back.startsWith('/admin') ? back : '/admin', {
    type: 'success',
    title: 'Time zone saved',
    description: `Dates and times are shown in ${parsed.data.timeZone}.`,
  })
}
