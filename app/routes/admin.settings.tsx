import { Link } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { DatabaseCard } from '~/components/admin/settings-database'
import { LogoSettingsCard } from '~/components/admin/settings-logo'
import { SecurityCard } from '~/components/admin/settings-security'
import { SocialLinksCard } from '~/components/admin/settings-social'
import {
  DatabaseSwitchError,
  getDatabaseStatus,
  saveDatabaseUrl,
  switchDatabase,
  testDatabaseUrl,
} from '~/domain/backup/database-switch.server'
import { RestoreError } from '~/domain/backup/table-dump.server'
import { getSiteSettings, listSocialLinks } from '~/domain/settings/settings-queries.server'
import {
  databaseUrlSchema,
  logoSettingsSchema,
  socialLinkSchema,
} from '~/domain/settings/settings-schema'
import {
  addSocialLink,
  deleteSocialLink,
  setRequireAdminTwoFactor,
  SettingsError,
  updateLogoSettings,
} from '~/domain/settings/settings.server'
import { logger } from '~/infra/logger.server'
import { requireAdmin } from '~/infra/permissions.server'
import { fieldErrorsOf } from '~/lib/field-errors'
import {
  actionError,
  actionInvalid,
  actionSuccess,
  parseId,
  UNEXPECTED_ERROR,
  unknownIntent,
} from './+shared/action-results.server'
import type { Route } from './+types/admin.settings'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const [settings, links] = await Promise.all([getSiteSettings(), listSocialLinks()])
  return { settings, links, database: getDatabaseStatus() }
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string'))
  try {
    switch (intent) {
      case 'logo': {
        const parsed = logoSettingsSchema.safeParse(fields)
        if (!parsed.success) {
          return actionError(
            400,
            'Error updating logo settings',
            parsed.error.issues[0].message,
            fieldErrorsOf(parsed.error),
          )
        }
        await updateLogoSettings(parsed.data)
        return actionSuccess({ type: 'success', title: 'Logo settings updated successfully' })
      }
      case 'social-add': {
        const parsed = socialLinkSchema.safeParse(fields)
        if (!parsed.success) return actionInvalid(parsed.error)
        await addSocialLink(parsed.data)
        return actionSuccess({ type: 'success', title: 'Social link added successfully' })
      }
      case 'social-delete': {
        const id = parseId(form.get('id'))
        if (id === null)
          return actionError(400, 'Error deleting social link', 'This link does not exist')
        await deleteSocialLink(id)
        return actionSuccess({ type: 'success', title: 'Social link deleted successfully' })
      }
      case 'two-factor': {
        const required = form.get('required')
        if (required !== 'true' && required !== 'false') {
          return actionError(400, 'Error', 'Choose on or off')
        }
        // Turning it on without two-factor of one's own would lock this admin out at once.
        if (required === 'true' && !me.twoFactorEnabled) {
          return actionError(
            400,
            'Set up two-factor authentication first',
            'Turn on two-factor authentication for your own account (Profile) before requiring it for every admin.',
          )
        }
        await setRequireAdminTwoFactor(required === 'true')
        return actionSuccess({
          type: 'success',
          title: 'Settings updated',
          description:
            required === 'true'
              ? 'Admins must now use two-factor authentication.'
              : 'Two-factor authentication is optional for admins.',
        })
      }
      case 'db-test':
      case 'db-save': {
        const parsed = databaseUrlSchema.safeParse({ url: form.get('url') ?? '' })
        if (!parsed.success) return actionInvalid(parsed.error)
        if (intent === 'db-test') {
          const version = await testDatabaseUrl(parsed.data.url)
          return actionSuccess({
            type: 'success',
            title: 'Connection successful',
            description: version,
          })
        }
        saveDatabaseUrl(parsed.data.url)
        return actionSuccess({
          type: 'success',
          title: 'Database URL Saved',
          description: 'The database connection URL has been updated',
        })
      }
      case 'db-switch': {
        const to = form.get('to')
        if (to !== 'postgres' && to !== 'local')
          return actionError(400, 'Error', 'Unknown database')
        await switchDatabase(to)
        return actionSuccess(
          {
            type: 'success',
            title: to === 'postgres' ? 'Using Production Database' : 'Using Local Database',
          },
          { switched: true },
        )
      }
      default:
        return unknownIntent()
    }
  } catch (caught) {
    if (caught instanceof DatabaseSwitchError || caught instanceof RestoreError) {
      const title = caught.code === 'CONNECTION_FAILED' ? 'Connection failed' : 'Switch failed'
      return actionError(caught.code === 'CONNECTION_FAILED' ? 400 : 409, title, caught.message)
    }
    if (caught instanceof SettingsError) {
      return actionError(404, 'Error deleting social link', caught.message)
    }
    logger.error({ err: caught, intent }, 'settings change failed')
    const title =
      intent === 'logo'
        ? 'Error updating logo settings'
        : intent === 'social-add'
          ? 'Error adding social link'
          : intent === 'social-delete'
            ? 'Error deleting social link'
            : intent === 'db-switch'
              ? 'Switch failed'
              : 'Error'
    return actionError(500, title, UNEXPECTED_ERROR)
  }
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, links, database } = loaderData
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
            .
          </>
        }
      />
      <div className="grid gap-6 [&>*]:min-w-0">
        <LogoSettingsCard settings={settings} />
        <SocialLinksCard links={links} />
        <SecurityCard requireAdminTwoFactor={settings.requireAdminTwoFactor} />
        <DatabaseCard status={database} />
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Admin Panel' }]
