import { Link } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { DatabaseCard } from '~/components/admin/settings-database'
import { EditorialSettingsCard } from '~/components/admin/settings-editorial'
import { LogoSettingsCard } from '~/components/admin/settings-logo'
import { NewsletterCountingCard } from '~/components/admin/settings-newsletter-counting'
import { SecurityCard } from '~/components/admin/settings-security'
import { SocialLinksCard } from '~/components/admin/settings-social'
import {
  getDatabaseStatus,
  saveDatabaseUrl,
  switchDatabase,
  testDatabaseUrl,
} from '~/domain/backup/database-switch.server'
import { DomainError } from '~/domain/domain-error'
import { getSiteSettings, listSocialLinks } from '~/domain/settings/settings-queries.server'
import { settingsActionSchema } from '~/domain/settings/settings-schema'
import { timeZoneNames } from '~/lib/time-zone'
import {
  addSocialLink,
  deleteSocialLink,
  setNewsletterCounting,
  setRequireAdminTwoFactor,
  setSocialLinkActive,
  updateEditorialSettings,
  updateLogoSettings,
  updateSocialLink,
} from '~/domain/settings/settings.server'
import { canManageSettings } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.settings'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageSettings)
  const [settings, links] = await Promise.all([getSiteSettings(), listSocialLinks()])
  // The saved zone stays choosable even if a newer runtime lists it under another name.
  const timeZones = timeZoneNames()
  if (!timeZones.includes(settings.timeZone)) timeZones.push(settings.timeZone)
  return { settings, links, database: getDatabaseStatus(), timeZones }
}

const FAILURE_TITLE = {
  logo: 'Error updating logo settings',
  'social-add': 'Error adding social link',
  'social-update': 'Error updating social link',
  'social-visibility': 'Error updating social link',
  'social-delete': 'Error deleting social link',
  editorial: 'Error updating editorial settings',
  'two-factor': 'Error updating security settings',
  'newsletter-counting': 'Error updating newsletter settings',
  'db-test': 'Connection failed',
  'db-save': 'Error saving database URL',
  'db-switch': 'Switch failed',
} as const

/** Refusals whose toast names what to do rather than what failed, whichever card asked. */
const TITLE_FOR_CODE: Partial<Record<string, string>> = {
  OWN_TWO_FACTOR_REQUIRED: 'Set up two-factor authentication first',
  CONNECTION_FAILED: 'Connection failed',
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, canManageSettings)
  const parsed = parseIntent(await request.formData(), settingsActionSchema, {
    titles: FAILURE_TITLE,
    hiddenFields: ['id', 'active', 'required', 'to'],
    toastIntents: ['logo'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'logo':
        await updateLogoSettings(post)
        return actionSuccess({ type: 'success', title: 'Logo settings updated successfully' })
      case 'social-add':
        await addSocialLink(post)
        return actionSuccess({ type: 'success', title: 'Social link added successfully' })
      case 'social-update':
        await updateSocialLink(post.id, post)
        return actionSuccess({ type: 'success', title: 'Social link updated successfully' })
      case 'social-visibility':
        await setSocialLinkActive(post.id, post.active)
        return actionSuccess({
          type: 'success',
          title: post.active ? 'Social link shown' : 'Social link hidden',
          description: post.active
            ? 'It is back in the footer of the public site.'
            : 'It stays here, out of the footer, until you show it again.',
        })
      case 'social-delete':
        await deleteSocialLink(post.id)
        return actionSuccess({ type: 'success', title: 'Social link deleted successfully' })
      case 'editorial':
        await updateEditorialSettings(post)
        return actionSuccess({ type: 'success', title: 'Editorial settings updated successfully' })
      case 'two-factor':
        await setRequireAdminTwoFactor(post.required, me)
        return actionSuccess({
          type: 'success',
          title: 'Settings updated',
          description: post.required
            ? 'Admins must now use two-factor authentication.'
            : 'Two-factor authentication is optional for admins.',
        })
      case 'newsletter-counting':
        await setNewsletterCounting(post.what, post.on)
        return actionSuccess({
          type: 'success',
          title: 'Settings updated',
          description: `Newsletter ${post.what} are ${post.on ? 'now counted' : 'no longer counted'}.`,
        })
      case 'db-test':
        return actionSuccess({
          type: 'success',
          title: 'Connection successful',
          description: await testDatabaseUrl(post.url),
        })
      case 'db-save':
        saveDatabaseUrl(post.url)
        return actionSuccess({
          type: 'success',
          title: 'Database URL Saved',
          description: 'The database connection URL has been updated',
        })
      case 'db-switch':
        await switchDatabase(post.to)
        return actionSuccess(
          {
            type: 'success',
            title: post.to === 'postgres' ? 'Using Production Database' : 'Using Local Database',
          },
          { switched: true },
        )
    }
  } catch (error) {
    const title =
      (error instanceof DomainError && TITLE_FOR_CODE[error.code]) || FAILURE_TITLE[post.intent]
    // The intent only: a database URL in the log would carry its password.
    return failureFrom(error, { title, context, details: { intent: post.intent } })
  }
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, links, database, timeZones } = loaderData
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          <>
            Site-wide settings. Static pages and backups have their own screens:{' '}
            <Link to="/admin/pages" className="underline underline-offset-4">
              Pages
            </Link>
            ,{' '}
            <Link to="/admin/backups" className="underline underline-offset-4">
              Backups
            </Link>
            ; reader revenue’s meter and currency:{' '}
            <Link to="/admin/settings/access" className="underline underline-offset-4">
              Access
            </Link>
            .
          </>
        }
      />
      <div className="grid gap-6 [&>*]:min-w-0">
        <LogoSettingsCard settings={settings} />
        <SocialLinksCard links={links} />
        <EditorialSettingsCard
          timeZone={settings.timeZone}
          revisionsKept={settings.revisionsKept}
          breakingNewsHours={settings.breakingNewsHours}
          timeZones={timeZones}
        />
        <SecurityCard requireAdminTwoFactor={settings.requireAdminTwoFactor} />
        <NewsletterCountingCard
          clicks={settings.newsletterClickCounting}
          opens={settings.newsletterOpenCounting}
        />
        <DatabaseCard status={database} />
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Admin Panel' }]
