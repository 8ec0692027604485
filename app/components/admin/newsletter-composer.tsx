import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { ActionResult } from '~/lib/action-result'
import { LazyRichTextEditor } from './rich-text-editor-lazy'
import { useActionToast } from './use-action-toast'

interface Story {
  id: number
  title: string
}

/** The edition composer: subject, preheader, introduction and the chosen stories, in order. */
export function NewsletterComposer({
  issue,
  chosen,
  available,
}: {
  issue: { subject: string; preheader: string; intro: string }
  chosen: Story[]
  available: Story[]
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {}
  const [stories, setStories] = useState<Story[]>(chosen)
  const [intro, setIntro] = useState(issue.intro)
  const [filter, setFilter] = useState('')
  const offered = useMemo(() => {
    const q = filter.trim().toLowerCase()
    const taken = new Set(stories.map((s) => s.id))
    return available.filter((s) => !taken.has(s.id) && (!q || s.title.toLowerCase().includes(q)))
  }, [available, stories, filter])
  const move = (from: number, to: number) =>
    setStories((list) => {
      const next = [...list]
      const [item] = next.splice(from, 1)
      next.splice(to, 0, item)
      return next
    })
  const field = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `edition-${name}-error` : undefined,
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>Compose</CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid grid-cols-1 gap-4">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="articleIds" value={stories.map((s) => s.id).join(',')} />
          <Field>
            <Label htmlFor="edition-subject">Subject</Label>
            <Input
              id="edition-subject"
              name="subject"
              defaultValue={issue.subject}
              {...field('subject')}
            />
            <FieldError id="edition-subject-error" errors={errors.subject} />
          </Field>
          <Field>
            <Label htmlFor="edition-preheader">Preheader</Label>
            <Input
              id="edition-preheader"
              name="preheader"
              defaultValue={issue.preheader}
              placeholder="The line inboxes show after the subject"
              {...field('preheader')}
            />
            <FieldError id="edition-preheader-error" errors={errors.preheader} />
          </Field>
          <div className="grid min-w-0 grid-cols-1 gap-1.5">
            <Label id="edition-intro-label">Introduction</Label>
            {/* The article editor and its blocks; each block has a mail form (mail-body.server.ts). */}
            <LazyRichTextEditor
              name="intro"
              value={intro}
              onChange={setIntro}
              labelId="edition-intro-label"
              invalid={Boolean(errors.intro)}
              describedBy={errors.intro ? 'edition-intro-error' : undefined}
            />
            <FieldError id="edition-intro-error" errors={errors.intro} />
          </div>
          {/* min-w-0: a fieldset is as wide as its content by default, which pushed the card
              past its column (and under the preview) with a long title. */}
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1 text-sm font-medium">Stories, in order</legend>
            {stories.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No stories chosen yet: add some below.
              </p>
            ) : (
              <ol className="grid gap-1">
                {stories.map((story, i) => (
                  // The whole title, wrapped; the buttons beside it, or under it when narrow.
                  <li
                    key={story.id}
                    className="flex flex-wrap items-center gap-1 rounded-md border border-border px-2 py-1 text-sm"
                  >
                    <span className="flex min-w-48 flex-1 gap-1 py-1.5">
                      <span className="w-6 shrink-0 text-muted-foreground">{i + 1}.</span>
                      <span className="min-w-0 break-words">{story.title}</span>
                    </span>
                    <span className="ml-auto flex shrink-0">
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                        aria-label={`Move ${story.title} up`}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        disabled={i === stories.length - 1}
                        onClick={() => move(i, i + 1)}
                        aria-label={`Move ${story.title} down`}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        onClick={() => setStories((l) => l.filter((s) => s.id !== story.id))}
                        aria-label={`Remove ${story.title}`}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </span>
                  </li>
                ))}
              </ol>
            )}
            <FieldError id="edition-articleIds-error" errors={errors.articleIds} />
          </fieldset>
          <Field>
            <Label htmlFor="edition-find">Add a published story</Label>
            <Input
              id="edition-find"
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="Filter by title"
            />
            <ul className="grid max-h-56 gap-1 overflow-y-auto" aria-label="Published stories">
              {offered.slice(0, 30).map((story) => (
                <li key={story.id}>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-auto w-full justify-start py-1.5 text-left whitespace-normal"
                    onClick={() => setStories((l) => [...l, story])}
                  >
                    <Plus aria-hidden="true" /> {story.title}
                  </Button>
                </li>
              ))}
              {offered.length === 0 ? (
                <li className="text-sm text-muted-foreground">No other published stories match.</li>
              ) : null}
            </ul>
          </Field>
          <Button type="submit" className="w-fit" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Saving…' : 'Save draft'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
