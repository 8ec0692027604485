import { Link, useLoaderData } from 'react-router'
import { PlanCards, SUBSCRIPTIONS_NOT_OPEN, type PlanCardView } from '~/components/site/plan-cards'
import { gutterClass, textLinkClass } from '~/components/site/styles'
import {
  listPlans,
  listVisiblePlans,
  subscriptionsOpen,
} from '~/domain/membership/plans-queries.server'
import { readerOf } from '~/domain/membership/reader.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { getSiteSettings, type SiteSettings } from '~/domain/settings/settings-queries.server'
import { seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site.subscribe'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const PERIOD: Record<string, string> = { week: 'week', month: 'month', rolling30: '30 days' }

/** What a free account gives here, by the access settings. */
function freeNote(settings: SiteSettings): string {
  const base = 'Stories for registered readers and our newsletters'
  if (settings.meterMode === 'registration') return `${base}, and every members story.`
  if (settings.meterMode === 'meter' && settings.meterRegisteredLimit > 0) {
    const n = settings.meterRegisteredLimit
    return `${base}, and ${n} members ${n === 1 ? 'story' : 'stories'} free every ${PERIOD[settings.meterPeriod] ?? 'month'}.`
  }
  return `${base}.`
}

/*
 * Cached whole for anonymous readers like every public page (its keys: the plans, from their
 * memoised read, and the chrome: the currency and the meter are settings). A signed-in reader's
 * answer is private (app/infra/http-cache.server.ts) and says which plan they hold.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [plans, settings, site, reader] = await Promise.all([
    listVisiblePlans(),
    getSiteSettings(),
    getSiteIdentity(),
    readerOf(request),
  ])
  const held =
    reader.kind === 'account' && reader.planIds.length > 0
      ? (await listPlans()).filter((plan) => reader.planIds.includes(plan.id))
      : []
  return {
    meta: seoMeta({
      site,
      title: 'Subscribe',
      description: `Support ${site.brand}'s journalism: become a member.`,
      path: '/subscribe',
    }),
    brand: site.brand,
    plans: plans.map((plan): PlanCardView => ({
      id: plan.id,
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      benefits: [...plan.benefits],
      monthlyPriceCents: plan.monthlyPriceCents,
      yearlyPriceCents: plan.yearlyPriceCents,
      trialDays: plan.trialDays,
    })),
    currency: settings.currency,
    open: subscriptionsOpen(),
    signedIn: reader.kind === 'account',
    held: held.map((plan) => ({ id: plan.id, name: plan.name })),
    freeNote: freeNote(settings),
  }
}

export default function SubscribePage() {
  const { brand, plans, currency, open, signedIn, held, freeNote } = useLoaderData<typeof loader>()
  return (
    <div className={`${gutterClass} max-w-6xl py-10 sm:py-14`}>
      <header className="mx-auto mb-8 max-w-2xl text-center">
        <h1 className="font-serif text-4xl font-black tracking-tight sm:text-5xl">
          Support {brand}
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Independent local journalism is paid for by its readers. Become a member and read
          everything we publish.
        </p>
      </header>
      {held.length > 0 ? (
        <p
          role="status"
          className="mx-auto mb-8 max-w-2xl rounded-lg border border-primary/40 bg-primary/5 p-4 text-center"
        >
          You are a member: {held.map((plan) => plan.name).join(', ')}. Thank you for your support.
        </p>
      ) : null}
      {plans.length > 0 && !open ? (
        <p
          role="status"
          className="mx-auto mb-8 max-w-2xl rounded-lg border bg-muted p-4 text-center"
        >
          <strong>{SUBSCRIPTIONS_NOT_OPEN}</strong> These are the plans we will offer; until then, a
          free account is open to everyone.
        </p>
      ) : null}
      {plans.length > 0 ? (
        <PlanCards
          plans={plans}
          currency={currency}
          open={open}
          heldPlanIds={held.map((plan) => plan.id)}
          signedIn={signedIn}
          freeNote={freeNote}
        />
      ) : (
        <div className="mx-auto max-w-xl rounded-xl border border-dashed p-8 text-center">
          <h2 className="font-serif text-2xl font-bold">Memberships are not offered yet</h2>
          <p className="mt-3 text-muted-foreground">
            We have no paid plans for now: every story we publish for everyone stays free to read.{' '}
            {signedIn ? (
              'Your account already gives you everything there is.'
            ) : (
              <>
                A{' '}
                <Link to="/signup" className={`${textLinkClass} underline`}>
                  free account
                </Link>{' '}
                gives you stories for registered readers and our newsletters.
              </>
            )}
          </p>
        </div>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []
