import { Link } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { AccessSettingsForm, type AccessSettingsView } from '~/components/admin/settings-access'
import { canManagePlans } from '~/domain/access/access-rules'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { accessSettingsActionSchema } from '~/domain/membership/access-settings-schema'
import { updateAccessSettings } from '~/domain/membership/access-settings.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.settings_.access'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManagePlans)
  const [settings, categories] = await Promise.all([getSiteSettings(), listCategories()])
  return {
    // The columns' checks hold them to these values (db/schema/site.ts).
    settings: {
      currency: settings.currency,
      previewParagraphs: settings.previewParagraphs,
      meterMode: settings.meterMode,
      meterPeriod: settings.meterPeriod,
      meterAnonymousLimit: settings.meterAnonymousLimit,
      meterRegisteredLimit: settings.meterRegisteredLimit,
      meterExemptCategoryIds: [...settings.meterExemptCategoryIds],
      editionsAccess: settings.editionsAccess,
    } as AccessSettingsView,
    categories: categories.map(({ id, name }) => ({ id, name })),
  }
}

const FAILURE_TITLE = { access: 'Error updating access settings' } as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManagePlans)
  const form = await request.formData()
  // The checked boxes, one field each, as the one list the schema reads.
  form.set('exemptCategoryIds', form.getAll('exemptCategoryId').map(String).join(','))
  const parsed = parseIntent(form, accessSettingsActionSchema, { titles: FAILURE_TITLE })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    await updateAccessSettings(post)
    return actionSuccess({ type: 'success', title: 'Access settings updated successfully' })
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

export default function AccessSettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, categories } = loaderData
  return (
    <>
      <PageHeader
        title="Access"
        description={
          <>
            Reader revenue: the currency, the preview before the wall, the meter and the e-paper.
            The plans themselves are on{' '}
            <Link to="/admin/plans" className="underline underline-offset-4">
              Plans
            </Link>
            ; other settings on{' '}
            <Link to="/admin/settings" className="underline underline-offset-4">
              Settings
            </Link>
            .
          </>
        }
      />
      <AccessSettingsForm settings={settings} categories={categories} />
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Access settings · Admin Panel' }]
