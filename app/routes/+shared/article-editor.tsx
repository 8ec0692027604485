import { EyeIcon, Loader2Icon } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { Link, useNavigation, useSubmit } from 'react-router'
import { toast } from 'sonner'
import { useArticleAutosave, type AutosaveState } from '~/components/admin/article-autosave'
import { useActionToast } from '~/components/admin/use-action-toast'
import { ArticleFeaturedImageField } from '~/components/admin/article-featured-image-field'
import { ArticleLeaveGuard } from '~/components/admin/article-leave-guard'
import { ArticlePublishField } from '~/components/admin/article-publish-field'
import { ArticleTagsField, type TagChip } from '~/components/admin/article-tags-field'
import { ArticleVideoField } from '~/components/admin/article-video-field'
import { LazyRichTextEditor } from '~/components/admin/rich-text-editor-lazy'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import { Switch } from '~/components/ui/switch'
import { Textarea } from '~/components/ui/textarea'
import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  articleFormSchema,
  NO_CATEGORY,
  TITLE_MAX,
  EXCERPT_MAX,
  type ArticleFormFields,
  type ArticleStatus,
  type SaveConflictExtra,
} from '~/domain/articles/articles-schema'
import type { ActionResult } from '~/lib/action-result'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'

/** The stored article the edit form opens with (dates as the loader serialised them). */
export interface EditableArticle {
  id: number
  title: string
  excerpt: string
  content: string
  featuredImage: string | null
  status: ArticleStatus
  isFeatured: boolean
  hasVideo: boolean
  videoUrl: string | null
  publishedAt: Date | string | null
  categoryId: number | null
  authorId: string | null
  updatedAt: Date | string
  tags: { id: number; name: string }[]
}

interface FormState {
  title: string
  excerpt: string
  content: string
  categoryId: string
  status: ArticleStatus
  publishedAt: string
  isFeatured: boolean
  featuredImage: string
  tags: TagChip[]
  hasVideo: boolean
  videoUrl: string
}

const toIso = (date: Date | string | null) => (date ? new Date(date).toISOString() : '')

function initialState(article: EditableArticle | null): FormState {
  return {
    title: article?.title ?? '',
    excerpt: article?.excerpt ?? '',
    content: article?.content ?? '',
    categoryId: article
      ? article.categoryId === null
        ? NO_CATEGORY
        : String(article.categoryId)
      : '',
    status: article?.status ?? 'draft',
    publishedAt: toIso(article?.publishedAt ?? null),
    isFeatured: article?.isFeatured ?? false,
    featuredImage: article?.featuredImage ?? '',
    tags: article?.tags.map(({ id, name }) => ({ id, name })) ?? [],
    hasVideo: article?.hasVideo ?? false,
    videoUrl: article?.videoUrl ?? '',
  }
}

/** The values as the schema reads them from a submission (client-side validation). */
function schemaValues(state: FormState) {
  return {
    ...state,
    isFeatured: state.isFeatured ? 'true' : '',
    hasVideo: state.hasVideo ? 'true' : '',
    tags: state.tags.filter((t) => t.id !== null).map((t) => String(t.id)),
    newTags: state.tags.filter((t) => t.id === null).map((t) => t.name),
  }
}

// Where focus goes when a field is invalid, in the order of the form.
const FIELD_FOCUS: Array<[ArticleFormFields, string]> = [
  ['title', '#title'],
  ['excerpt', '#excerpt'],
  ['content', '[aria-labelledby="content-label"]'],
  ['status', '#status'],
  ['publishedAt', '#publishedAt-local'],
  ['categoryId', '#categoryId'],
  ['videoUrl', '#videoUrl'],
  ['newTags', '#tag-input'],
  ['tags', '#tag-input'],
]

export function ArticleEditor({
  mode,
  article,
  categories,
  categoriesError = null,
  recentTags,
  actionData,
  notice,
  panels,
}: {
  mode: 'create' | 'edit'
  article: EditableArticle | null
  categories: { id: number; name: string }[]
  /** Set when the categories could not be read; the form works on without them. */
  categoriesError?: string | null
  recentTags: { id: number; name: string }[]
  /** What the save answered when it did not redirect. */
  actionData: ActionResult<SaveConflictExtra> | undefined
  /** Shown above the form: what the writer must know first (an editor's note on a return). */
  notice?: ReactNode
  /** The article's own tools beside the form (review, revisions, corrections); outside the
   *  form, since each posts on its own. */
  panels?: ReactNode
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const submit = useSubmit()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'

  const [state, setState] = useState(() => initialState(article))
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((previous) => ({ ...previous, [key]: value }))

  // The draft row and its version, which change when autosave stores the form.
  const [articleId, setArticleId] = useState<number | null>(article?.id ?? null)
  const [expectedUpdatedAt, setExpectedUpdatedAt] = useState(toIso(article?.updatedAt ?? null))
  const storedStatus = article?.status ?? 'draft'

  const snapshot = useMemo(() => JSON.stringify(state), [state])
  const [savedSnapshot, setSavedSnapshot] = useState(snapshot)
  const dirty = snapshot !== savedSnapshot

  // Errors are shown once a save was attempted, then follow the values as they are fixed.
  const [attempted, setAttempted] = useState(false)
  const clientErrors = useMemo(() => {
    if (!attempted) return {}
    const result = articleFormSchema.safeParse(schemaValues(state))
    return result.success ? {} : fieldErrorsOf(result.error)
  }, [attempted, state])
  const [conflict, setConflict] = useState<string | null>(null)
  const serverErrors = actionData?.fieldErrors ?? {}
  const errors: FieldErrors = attempted ? clientErrors : serverErrors

  useEffect(() => {
    if (categoriesError) toast.error('Error fetching categories', { description: categoriesError })
  }, [categoriesError])

  useActionToast(actionData)
  useEffect(() => {
    if (actionData?.code === 'CONFLICT') setConflict(actionData.formError ?? null)
  }, [actionData])

  const autosave = useArticleAutosave({
    formRef,
    enabled: storedStatus === 'draft' && !submitting && conflict === null,
    current: snapshot,
    saved: savedSnapshot,
    onSaved: ({ id, updatedAt, snapshot: saved }) => {
      setArticleId(id)
      setExpectedUpdatedAt(updatedAt)
      setSavedSnapshot(saved)
    },
    onConflict: setConflict,
  })

  function focusFirstError(fieldErrors: FieldErrors) {
    const target = FIELD_FOCUS.find(([field]) => fieldErrors[field]?.length)
    if (target) formRef.current?.querySelector<HTMLElement>(target[1])?.focus()
  }

  function save(form: HTMLFormElement, overwrite: boolean) {
    setAttempted(true)
    const result = articleFormSchema.safeParse(schemaValues(state))
    if (!result.success) {
      focusFirstError(fieldErrorsOf(result.error))
      return
    }
    const body = new FormData(form)
    if (overwrite) body.set('overwrite', 'true')
    setConflict(null)
    submit(body, { method: 'post' })
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    // Preview posts the form as it is to a new tab, as a plain browser submission.
    if (submitter?.hasAttribute('data-preview')) return
    event.preventDefault()
    save(event.currentTarget, false)
  }

  const titleId = useId()
  const previewAction = `/admin/preview/${articleId ?? 'new'}`
  const heading = mode === 'create' ? 'New Article' : 'Edit Article'

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={titleId} className="font-serif text-3xl font-bold tracking-tight">
          {heading}
        </h1>
        <Button asChild variant="outline">
          <Link to="/admin/articles">Back to articles</Link>
        </Button>
      </div>
      {notice}

      <form
        ref={formRef}
        method="post"
        aria-labelledby={titleId}
        noValidate
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <input type="hidden" name="id" value={articleId ?? ''} />
        <input type="hidden" name="expectedUpdatedAt" value={expectedUpdatedAt} />
        <input type="hidden" name="authorId" value={article?.authorId ?? ''} />

        <div className="grid grid-cols-1 content-start gap-6">
          <Card>
            <CardContent className="grid gap-5 pt-6">
              <Field>
                <Label htmlFor="title">Title</Label>
                <Input
                  id="title"
                  name="title"
                  placeholder="Article title"
                  value={state.title}
                  maxLength={TITLE_MAX}
                  aria-invalid={errors.title ? true : undefined}
                  aria-describedby={errors.title ? 'title-error' : undefined}
                  onChange={(event) => set('title', event.target.value)}
                  className="text-lg md:text-lg"
                />
                <FieldError id="title-error" errors={errors.title} />
              </Field>
              <Field>
                <Label htmlFor="excerpt">Excerpt</Label>
                <Textarea
                  id="excerpt"
                  name="excerpt"
                  placeholder="Brief excerpt"
                  rows={3}
                  value={state.excerpt}
                  maxLength={EXCERPT_MAX}
                  aria-invalid={errors.excerpt ? true : undefined}
                  aria-describedby={errors.excerpt ? 'excerpt-error' : undefined}
                  onChange={(event) => set('excerpt', event.target.value)}
                />
                <FieldError id="excerpt-error" errors={errors.excerpt} />
              </Field>
              <Field>
                <Label id="content-label" asChild>
                  <span>Content</span>
                </Label>
                <LazyRichTextEditor
                  name="content"
                  value={state.content}
                  onChange={(html) => set('content', html)}
                  labelId="content-label"
                  invalid={Boolean(errors.content)}
                  describedBy={errors.content ? 'content-error' : undefined}
                />
                <FieldError id="content-error" errors={errors.content} />
              </Field>
            </CardContent>
          </Card>
        </div>

        <div className="grid grid-cols-1 content-start gap-6">
          <Card>
            <CardContent className="grid gap-5 pt-6">
              <Field>
                <Label htmlFor="status">Status</Label>
                <input type="hidden" name="status" value={state.status} />
                <Select
                  value={state.status}
                  onValueChange={(value) => set('status', value as ArticleStatus)}
                >
                  <SelectTrigger
                    id="status"
                    aria-invalid={errors.status ? true : undefined}
                    aria-describedby={errors.status ? 'status-error' : undefined}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ARTICLE_STATUSES.map((status) => (
                      <SelectItem key={status} value={status}>
                        {ARTICLE_STATUS_LABELS[status]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FieldError id="status-error" errors={errors.status} />
              </Field>
              <ArticlePublishField
                value={state.publishedAt}
                status={state.status}
                onChange={(iso) => set('publishedAt', iso)}
                errors={errors.publishedAt}
              />
              <Field>
                <Label htmlFor="categoryId">Category</Label>
                <input type="hidden" name="categoryId" value={state.categoryId} />
                <Select
                  value={state.categoryId}
                  onValueChange={(value) => set('categoryId', value)}
                >
                  <SelectTrigger
                    id="categoryId"
                    aria-invalid={errors.categoryId ? true : undefined}
                    aria-describedby={errors.categoryId ? 'categoryId-error' : undefined}
                  >
                    <SelectValue placeholder="Select a category" />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_CATEGORY}>No category</SelectItem>
                    {categories.map((category) => (
                      <SelectItem key={category.id} value={String(category.id)}>
                        {category.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FieldError id="categoryId-error" errors={errors.categoryId} />
              </Field>
              <div className="flex items-center justify-between gap-3">
                <Label htmlFor="isFeatured">Featured</Label>
                <input type="hidden" name="isFeatured" value={state.isFeatured ? 'true' : ''} />
                <Switch
                  id="isFeatured"
                  checked={state.isFeatured}
                  onCheckedChange={(checked) => set('isFeatured', checked)}
                />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardContent className="grid gap-5 pt-6">
              <ArticleFeaturedImageField
                value={state.featuredImage}
                onChange={(url) => set('featuredImage', url)}
                errors={errors.featuredImage}
              />
              <ArticleTagsField
                value={state.tags}
                onChange={(tags) => set('tags', tags)}
                recentTags={recentTags}
                errors={[...(errors.tags ?? []), ...(errors.newTags ?? [])]}
              />
              <ArticleVideoField
                hasVideo={state.hasVideo}
                videoUrl={state.videoUrl}
                onHasVideoChange={(checked) => set('hasVideo', checked)}
                onVideoUrlChange={(url) => set('videoUrl', url)}
                errors={errors.videoUrl}
              />
            </CardContent>
          </Card>
        </div>

        <div className="grid gap-4 lg:col-span-2">
          {conflict ? (
            <ConflictAlert
              message={conflict}
              latestUrl={articleId ? `/admin/edit-article/${articleId}` : null}
              onOverwrite={() => formRef.current && save(formRef.current, true)}
            />
          ) : null}
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-border pt-4">
            <AutosaveStatus state={autosave} dirty={dirty} />
            <Button
              type="submit"
              variant="outline"
              data-preview=""
              formAction={previewAction}
              formTarget="_blank"
              formNoValidate
            >
              <EyeIcon aria-hidden="true" />
              Preview
            </Button>
            <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
              {submitting ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
              {mode === 'create' ? 'Create Article' : 'Update Article'}
            </Button>
          </div>
        </div>
      </form>
      {panels}
      <ArticleLeaveGuard when={dirty && !submitting} />
    </div>
  )
}

function ConflictAlert({
  message,
  latestUrl,
  onOverwrite,
}: {
  message: string
  latestUrl: string | null
  onOverwrite: () => void
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Not saved</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{message}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="destructive" size="sm" onClick={onOverwrite}>
            Overwrite with my version
          </Button>
          {latestUrl ? (
            <Button asChild variant="outline" size="sm">
              <a href={latestUrl} target="_blank" rel="noreferrer">
                Open the latest version in a new tab
              </a>
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  )
}

function AutosaveStatus({ state, dirty }: { state: AutosaveState; dirty: boolean }) {
  let text = ''
  if (state.status === 'saving') text = 'Saving draft…'
  else if (state.status === 'error') text = state.message
  else if (state.status === 'saved')
    text = dirty
      ? 'Unsaved changes'
      : `Draft saved at ${state.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`
  else if (dirty) text = 'Unsaved changes'
  return (
    <p
      role="status"
      className={
        state.status === 'error'
          ? 'mr-auto text-sm text-destructive'
          : 'mr-auto text-sm text-muted-foreground'
      }
    >
      {text}
    </p>
  )
}
