import { Loader2Icon, ZapIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Skeleton } from '~/components/ui/skeleton'
import { canManageBreakingNews, type Actor } from '~/domain/access/access-rules'
import { BREAKING_NEWS_TAG_SLUG } from '~/domain/articles/breaking-news-rules'
import type { ActionResult } from '~/lib/action-result'
import { slugify } from '~/lib/slugify'
import { fromWallTime, toWallMinute } from '~/lib/time-zone'
import type { BreakingNewsAnswer } from '~/routes/admin.articles.$id.breaking-news'
import { useActionToast } from './use-action-toast'

/**
 * In the publishing panel, for editors, on an article tagged Breaking News: when it leaves the
 * bar ("On the bar until …"), and two ways to keep it there longer: the site's hours more, or
 * a chosen time (in the site's time zone). Posts to /admin/articles/{id}/breaking-news.
 */
export function ArticleBreakingNews({
  articleId,
  tags,
  viewer,
}: {
  articleId: number | null
  /** The tags as the form holds them: the control shows as soon as the tag is added. */
  tags: { name: string }[]
  viewer: Actor
}) {
  const tagged = tags.some((tag) => slugify(tag.name) === BREAKING_NEWS_TAG_SLUG)
  if (!tagged || !canManageBreakingNews(viewer)) return null
  return (
    <section aria-labelledby="breaking-news-keep" className="grid gap-2 rounded-md border p-3">
      <h3
        id="breaking-news-keep"
        className="flex items-center gap-1.5 font-sans text-sm font-medium"
      >
        <ZapIcon aria-hidden="true" className="size-4 text-breaking" />
        Breaking news bar
      </h3>
      {articleId === null ? (
        <p className="text-sm text-muted-foreground">
          Save the article to put it on the bar once it is published.
        </p>
      ) : (
        <BreakingNewsKeep url={`/admin/articles/${articleId}/breaking-news`} />
      )}
    </section>
  )
}

function BreakingNewsKeep({ url }: { url: string }) {
  const reader = useFetcher<BreakingNewsAnswer>()
  const keeper = useFetcher<ActionResult>()
  useActionToast(keeper.data)
  const [choosing, setChoosing] = useState(false)
  const [wall, setWall] = useState('')
  const load = reader.load
  // Loaded once here; React Router reloads it after each post.
  useEffect(() => {
    void load(url)
  }, [load, url])
  useEffect(() => {
    if (keeper.state === 'idle' && keeper.data?.ok) setChoosing(false)
  }, [keeper.state, keeper.data])

  const state = reader.data
  if (!state) {
    return <Skeleton className="h-5 w-48" aria-label="Loading the breaking-news time" />
  }
  if (!state.ok) {
    return <p className="text-sm text-muted-foreground">The time on the bar could not be read.</p>
  }
  const busy = keeper.state !== 'idle'
  const timeZone = state.timeZone ?? 'UTC'
  const hours = state.hours ?? 12
  const errors = keeper.data?.ok === false ? keeper.data.fieldErrors?.until : undefined

  let status: string
  if (!state.isBreaking) status = 'Save the article with the tag to put it on the bar.'
  else if (!state.isPublic) {
    status = state.expiresLabel
      ? `On the bar once published, until ${state.expiresLabel}.`
      : `On the bar for ${hours} hours once published.`
  } else if (state.isOnBar) status = `On the bar until ${state.expiresLabel}.`
  else status = `Off the bar since ${state.expiresLabel}.`

  return (
    <div className="grid gap-3">
      <p className="text-sm" role="status">
        {status}
        {state.isBreaking && state.expiresLabel ? (
          <span className="text-muted-foreground"> Times are in {timeZone}.</span>
        ) : null}
      </p>
      {state.isBreaking ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                void keeper.submit({ intent: 'keep' }, { method: 'post', action: url })
              }
            >
              {busy && keeper.formData?.get('intent') === 'keep' ? (
                <Loader2Icon aria-hidden="true" className="animate-spin" />
              ) : null}
              Keep {hours} more hours
            </Button>
            {state.isOnBar ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() =>
                  void keeper.submit({ intent: 'end' }, { method: 'post', action: url })
                }
              >
                {busy && keeper.formData?.get('intent') === 'end' ? (
                  <Loader2Icon aria-hidden="true" className="animate-spin" />
                ) : null}
                Take off the bar now
              </Button>
            ) : null}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={choosing}
              onClick={() => {
                if (!choosing && state.expiresIso) {
                  setWall(toWallMinute(new Date(state.expiresIso), timeZone))
                }
                setChoosing(!choosing)
              }}
            >
              Choose a time
            </Button>
          </div>
          {choosing ? (
            <form
              noValidate
              className="grid gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                const until = fromWallTime(wall, timeZone)?.toISOString() ?? wall
                void keeper.submit({ intent: 'until', until }, { method: 'post', action: url })
              }}
            >
              <Label htmlFor="breaking-until">Keep on the bar until ({timeZone})</Label>
              <Input
                id="breaking-until"
                type="datetime-local"
                value={wall}
                onChange={(event) => setWall(event.target.value)}
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? 'breaking-until-error' : undefined}
              />
              <FieldError id="breaking-until-error" errors={errors} />
              <Button type="submit" size="sm" disabled={busy} className="justify-self-start">
                Keep until then
              </Button>
            </form>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
