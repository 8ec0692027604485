import {
  PAYWALLED_CONTENT_CLASS,
  REGISTER_WALL_TITLE,
  SUBSCRIBE_WALL_TITLE,
  type WallView,
} from '~/domain/membership/wall-view'
import { meterCounterText, meterPeriodWords } from '~/domain/membership/meter'
import { outlineButtonClass, primaryButtonClass, textLinkClass } from './styles'

const HEADING_ID = 'article-wall-heading'

/**
 * Where a gated story stops for a reader without access (issue 38): a region named by its
 * heading that says what opens the rest, the free account or the plans with their prices.
 * Drawn on the server into the article's HTML (article-page.server.tsx): no script. A fade
 * over the preview's last lines says the story goes on.
 */
export function ArticleWall({ wall }: { wall: WallView }) {
  return (
    <section
      aria-labelledby={HEADING_ID}
      className={`${PAYWALLED_CONTENT_CLASS} relative mt-10 rounded-lg border bg-card p-6 text-card-foreground shadow-sm sm:p-8`}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-24 h-24 bg-linear-to-b from-transparent to-background"
      />
      <WallNotes wall={wall} />
      {wall.kind === 'register' ? <RegisterWall wall={wall} /> : <SubscribeWall wall={wall} />}
    </section>
  )
}

/** Why the reader is here: a gift link that did not open the story, the meter spent. */
function WallNotes({ wall }: { wall: WallView }) {
  if (!wall.note && !wall.meter) return null
  return (
    <div className="mb-5 grid gap-1 text-center text-sm">
      {wall.note ? <p className="font-semibold text-foreground">{wall.note}</p> : null}
      {wall.meter ? (
        <p className="text-muted-foreground">You have read {meterCounterText(wall.meter)}.</p>
      ) : null}
      {wall.meter && wall.moreWithAccount ? (
        <p className="text-muted-foreground">
          <a
            href={wall.moreWithAccount.signUpHref}
            className={`${textLinkClass} font-semibold text-foreground underline`}
          >
            Create a free account
          </a>{' '}
          to read {wall.moreWithAccount.limit} free stories {meterPeriodWords(wall.meter.period)}.
        </p>
      ) : null}
    </div>
  )
}

function RegisterWall({ wall }: { wall: Extract<WallView, { kind: 'register' }> }) {
  return (
    <div className="text-center">
      <h2 id={HEADING_ID} className="font-serif text-2xl font-bold leading-tight sm:text-3xl">
        {REGISTER_WALL_TITLE}
      </h2>
      <p className="mx-auto mt-3 max-w-prose text-muted-foreground">
        An account costs nothing and takes a minute. You will come straight back to this story.
      </p>
      <p className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <a href={wall.signUpHref} className={`${primaryButtonClass} h-10 px-5`}>
          Create a free account
        </a>
        <a href={wall.signInHref} className={`${outlineButtonClass} h-10 px-5`}>
          Sign in
        </a>
      </p>
    </div>
  )
}

function SubscribeWall({ wall }: { wall: Extract<WallView, { kind: 'subscribe' }> }) {
  return (
    <div>
      <div className="text-center">
        <p className="text-xs font-semibold uppercase tracking-wider text-primary">For members</p>
        <h2
          id={HEADING_ID}
          className="mt-1 font-serif text-2xl font-bold leading-tight sm:text-3xl"
        >
          {SUBSCRIBE_WALL_TITLE}
        </h2>
        <p className="mx-auto mt-3 max-w-prose text-muted-foreground">
          {wall.plans.length === 1
            ? 'This story is for members. This plan opens it:'
            : wall.plans.length > 1
              ? 'This story is for members. These plans open it:'
              : 'This story is for members.'}
        </p>
      </div>
      {wall.plans.length > 0 ? (
        <ul
          className={`mt-6 grid gap-4 ${wall.plans.length > 1 ? 'sm:grid-cols-2' : 'mx-auto max-w-sm'}`}
        >
          {wall.plans.map((plan) => (
            <li key={plan.id} className="flex flex-col rounded-md border bg-background p-4">
              <h3 className="font-serif text-lg font-bold">{plan.name}</h3>
              {plan.description ? (
                <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
              ) : null}
              <ul className="mt-3 grid gap-1 text-sm font-semibold">
                {plan.prices.map((price) => (
                  <li key={price}>{price}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <a href={wall.subscribeHref} className={`${primaryButtonClass} h-10 px-5`}>
          See the plans and subscribe
        </a>
      </p>
      {wall.signInHref ? (
        <p className="mt-4 text-center text-sm text-muted-foreground">
          Already a member?{' '}
          <a
            href={wall.signInHref}
            className={`${textLinkClass} font-semibold text-foreground underline`}
          >
            Sign in
          </a>
        </p>
      ) : null}
    </div>
  )
}
