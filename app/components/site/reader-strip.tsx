import { meterCounterText, type MeterCount } from '~/domain/membership/meter'
import { primaryButtonClass, textLinkClass } from './styles'

/*
 * What follows a gated story read in full (issue 38), drawn on the server into the article's
 * HTML (article-page.server.tsx), no script: where a metered reader stands ("1 of 2 free
 * stories this month"), and for a member the "Gift this story" form, a plain POST to the gift
 * page (routes/_site.article.$slug_.gift.tsx), which answers with the link.
 */
export function ReaderStrip({
  meter,
  giftHref,
}: {
  meter: MeterCount | null
  giftHref: string | null
}) {
  if (!meter && !giftHref) return null
  return (
    <div className="mt-10 grid gap-4">
      {meter ? (
        <aside
          aria-label="Free stories"
          className="rounded-lg border bg-muted/40 p-4 text-center text-sm sm:p-5"
        >
          <p className="font-semibold">You are reading {meterCounterText(meter)}.</p>
          <p className="mt-1 text-muted-foreground">
            <a
              href="/subscribe"
              className={`${textLinkClass} font-semibold text-foreground underline`}
            >
              Subscribe
            </a>{' '}
            to read every story.
          </p>
        </aside>
      ) : null}
      {giftHref ? (
        <form method="post" action={giftHref} className="flex flex-wrap items-center gap-3">
          <button type="submit" className={`${primaryButtonClass} h-10 px-5`}>
            Gift this story
          </button>
          <span className="text-sm text-muted-foreground">
            A link anyone can read it with, for 30 days.
          </span>
        </form>
      ) : null}
    </div>
  )
}
