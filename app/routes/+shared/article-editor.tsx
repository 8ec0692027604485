import type { ImageFacts } from '~/domain/media/media-schema'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { Link, useNavigation, useSubmit } from 'react-router'
import { toast } from 'sonner'
import {
  ArticleAccessField,
  type AccessFieldValue,
  type AccessPlanChoice,
} from '~/components/admin/article-access-field'
import { useArticleAutosave } from '~/components/admin/article-autosave'
import { ArticleCoAuthorsField } from '~/components/admin/article-co-authors-field'
import { useActionToast } from '~/components/admin/use-action-toast'
import { ArticleBreakingNews } from '~/components/admin/article-breaking-news'
import { ArticleNewsletterAlert } from '~/components/admin/article-newsletter-alert'
import { LiveDeskLink } from '~/components/admin/live-desk-link'
import { ArticleFeaturedImageField } from '~/components/admin/article-featured-image-field'
import { ArticleLeaveGuard } from '~/components/admin/article-leave-guard'
import { ArticlePublishBar } from '~/components/admin/article-publish-bar'
import { ArticlePublishField } from '~/components/admin/article-publish-field'
import {
  ArticleBylineField,
  ArticlePublishPanel,
  ArticleStatusField,
} from '~/components/admin/article-publish-panel'
import { AutosaveStatus, ConflictAlert } from '~/components/admin/article-save-status'
import { ArticleTagsField, type TagChip } from '~/components/admin/article-tags-field'
import { ArticleSeoFields, type SeoFieldsValue } from '~/components/admin/article-seo-fields'
import { ArticleVideoField } from '~/components/admin/article-video-field'
import { ArticleWordCount } from '~/components/admin/article-word-count'
import { LazyRichTextEditor, preloadRichTextEditor } from '~/components/admin/rich-text-editor-lazy'
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
import type { BodyImageLibrary } from '~/domain/media/body-images'
import {
  canFeatureArticles,
  canManageBreakingNews,
  canMoveArticleTo,
  canPublishArticle,
  canSetArticleAccess,
  type Actor,
} from '~/domain/access/access-rules'
import type { AccessLevel } from '~/domain/membership/access-level'
import {
  BREAKING_NEWS_REFUSED_MESSAGE,
  isBreakingNewsTagName,
} from '~/domain/articles/article-field-rules'
import {
  ARTICLE_STATUSES,
  articleFormSchema,
  NO_CATEGORY,
  TITLE_MAX,
  EXCERPT_MAX,
  isArticleStatus,
  type ArticleFormFields,
  type ArticleStatus,
  type SaveConflictExtra,
} from '~/domain/articles/articles-schema'
import { publishAction } from '~/domain/articles/publish-action'
import type { AlertListState } from '~/domain/newsletter/alert-schema'
import type { ActionResult } from '~/lib/action-result'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'
import { cn } from '~/lib/utils'

// Opened by its address, the form starts fetching the editor's code as soon as its own module
// is evaluated, before the page is hydrated (docs/performance.md: a third off the time to a
// usable editor). Opened from the back office, the shell has usually loaded it already.
if (typeof document !== 'undefined') void preloadRichTextEditor().catch(() => {})

/** The stored article the edit form opens with (dates as the loader serialised them). */
export interface EditableArticle {
  id: number
  slug: string
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
  /** The later bylines, in order (issue 40). */
  coAuthorIds: string[]
  updatedAt: Date | string
  tags: { id: number; name: string }[]
  bodyImages?: BodyImageLibrary
  access: AccessLevel
  accessPlanIds: number[]
  freeForNow: boolean
  previewParagraphs: number | null
  seoTitle?: string | null
  metaDescription?: string | null
  socialImage?: string | null
  /** The library's facts of the two pictures: the previews crop at their focal points. */
  featuredImageFacts?: ImageFacts | null
  socialImageFacts?: ImageFacts | null
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
  authorId: string
  coAuthorIds: string[]
  access: AccessFieldValue
  seo: SeoFieldsValue
}

/** A field shown, selectable, but not editable: it looks set apart from one that is. */
const READ_ONLY_FIELD = 'bg-muted/60'

const toIso = (date: Date | string | null) => (date ? new Date(date).toISOString() : '')

/** A category as the form offers it, with the access its new articles start with. */
export interface CategoryChoice {
  id: number
  name: string
  defaultAccess: AccessLevel
}

function initialAccess(article: EditableArticle | null): AccessFieldValue {
  return {
    access: article?.access ?? 'everyone',
    accessPlanIds: article?.accessPlanIds ?? [],
    freeForNow: article?.freeForNow ?? false,
    previewParagraphs:
      article?.previewParagraphs === null || article?.previewParagraphs === undefined
        ? ''
        : String(article.previewParagraphs),
  }
}

function initialState(article: EditableArticle | null, viewer: Actor): FormState {
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
    // docs/product.md §6: the byline is the form's value, else the signed-in user.
    authorId: article ? (article.authorId ?? '') : viewer.id,
    coAuthorIds: article?.coAuthorIds ?? [],
    access: initialAccess(article),
    seo: {
      seoTitle: article?.seoTitle ?? '',
      metaDescription: article?.metaDescription ?? '',
      socialImage: article?.socialImage ?? '',
    },
  }
}

/** The values as the schema reads them from a submission (client-side validation). */
function schemaValues({ access, seo, ...state }: FormState) {
  return {
    ...state,
    ...seo,
    access: access.access,
    accessPlanIds: access.access === 'members' ? access.accessPlanIds.map(String) : [],
    freeForNow: access.freeForNow ? 'true' : '',
    previewParagraphs: access.previewParagraphs,
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
  ['authorId', '#authorId'],
  ['coAuthorIds', '[aria-label="Add a byline"]'],
  ['access', '#access-everyone'],
  ['accessPlanIds', '#access-plans'],
  ['previewParagraphs', '#previewParagraphs'],
  ['categoryId', '#categoryId'],
  ['videoUrl', '#videoUrl'],
  ['seoTitle', '#seoTitle'],
  ['metaDescription', '#metaDescription'],
  ['socialImage', '#socialImage-error'],
  ['newTags', '#tag-input'],
  ['tags', '#tag-input'],
]

export function ArticleEditor({
  mode,
  article,
  live = false,
  viewer,
  timeZone,
  bylineChoices,
  authorName,
  coAuthors = [],
  categories,
  categoriesError = null,
  recentTags,
  actionData,
  notice,
  panels,
  alertLists = [],
  plans = [],
  sitePreviewParagraphs = 3,
  readOnly = false,
}: {
  mode: 'create' | 'edit'
  article: EditableArticle | null
  /** The stored article is in front of readers now (published, its time come): "View on site". */
  live?: boolean
  /** The signed-in user: their role decides the status choices and the byline. */
  viewer: Actor
  /** The site's time zone, in which the publish date is typed and shown. */
  timeZone: string
  /** Staff to put on the byline, for those who may choose it; null for everyone else. */
  bylineChoices: { id: string; name: string }[] | null
  /** The byline's name as it stands (shown as text to those who may not change it). */
  authorName: string | null
  /** The stored co-authors with their names (shown as text to those who may not change them). */
  coAuthors?: { id: string; name: string }[]
  categories: CategoryChoice[]
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
  /** The lists of article alerts the viewer may mail this story to ("Email to subscribers"). */
  alertLists?: AlertListState[]
  /** The plans a members story may name (the Access field). */
  plans?: AccessPlanChoice[]
  /** The site's paragraphs before the wall, for an article that sets none. */
  sitePreviewParagraphs?: number
  /**
   * Someone else holds the edit lock: everything shows, title, excerpt and body stay
   * selectable (a person taken over copies their unsaved text), nothing saves.
   */
  readOnly?: boolean
}) {
  // The form holds the body; the publishing panel and the article's settings sit beside it,
  // outside the <form> element (so that `panels`, which post on their own, can sit in the
  // same column), and post with it through the `form` attribute.
  const formId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const submit = useSubmit()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'

  const [state, setState] = useState(() => initialState(article, viewer))
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((previous) => ({ ...previous, [key]: value }))

  // The draft row and its version, which change when autosave stores the form.
  const [articleId, setArticleId] = useState<number | null>(article?.id ?? null)
  const [expectedUpdatedAt, setExpectedUpdatedAt] = useState(toIso(article?.updatedAt ?? null))
  const storedStatus = article?.status ?? 'draft'

  // The role's choices (the server refuses the others anyway), and whatever the form holds.
  const facts = { authorId: article ? article.authorId : viewer.id, status: storedStatus }
  const statusChoices = ARTICLE_STATUSES.filter(
    (status) => status === state.status || canMoveArticleTo(viewer, facts, status),
  )
  const mayPublish = statusChoices.includes('published')
  // A contributor: one primary action (Submit for review) and a save that keeps a draft.
  const draftOnly = !canPublishArticle(viewer, facts)
  // Who may read it is the publisher's call (article-field-rules.ts ACCESS_REFUSED).
  const maySetAccess = canSetArticleAccess(viewer, facts)
  // A new article follows its category's default access until someone chooses one.
  const [accessChosen, setAccessChosen] = useState(false)
  function chooseCategory(value: string) {
    setState((previous) => {
      const category = categories.find((c) => String(c.id) === value)
      const follows = mode === 'create' && !accessChosen
      return {
        ...previous,
        categoryId: value,
        access: follows
          ? { ...previous.access, access: category?.defaultAccess ?? 'everyone' }
          : previous.access,
      }
    })
  }
  const primary = publishAction({
    storedStatus,
    choices: statusChoices,
    publishedAt: state.publishedAt,
  })

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
    enabled: storedStatus === 'draft' && !submitting && conflict === null && !readOnly,
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
    if (target) rootRef.current?.querySelector<HTMLElement>(target[1])?.focus()
  }

  /** `status`: the primary action's (Publish, Submit for review), in place of the field's;
   *  `extra`: fields of that action besides the form's ("Publish and email": the list). */
  function save(
    form: HTMLFormElement,
    overwrite: boolean,
    status?: ArticleStatus,
    extra: Record<string, string> = {},
  ) {
    setAttempted(true)
    if (status) set('status', status)
    const result = articleFormSchema.safeParse(schemaValues(status ? { ...state, status } : state))
    if (!result.success) {
      focusFirstError(fieldErrorsOf(result.error))
      return
    }
    const body = new FormData(form)
    if (overwrite) body.set('overwrite', 'true')
    if (status) body.set('status', status)
    for (const [name, value] of Object.entries(extra)) body.set(name, value)
    setConflict(null)
    submit(body, { method: 'post' })
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    // Preview posts the form as it is to a new tab, as a plain browser submission.
    if (submitter?.hasAttribute('data-preview')) return
    event.preventDefault()
    // Enter in a read-only field still submits a form: nothing to save without the lock.
    if (readOnly) return
    const status = submitter?.getAttribute('data-publish-status')
    save(event.currentTarget, false, status && isArticleStatus(status) ? status : undefined)
  }

  const titleId = useId()
  const heading = mode === 'create' ? 'New Article' : 'Edit Article'
  const actions = {
    form: formId,
    mode,
    submitting,
    previewAction: `/admin/preview/${articleId ?? 'new'}`,
    liveUrl: live && article ? `/article/${article.slug}` : null,
    unsaved: dirty,
    primary,
    draftOnly,
  }

  return (
    <div ref={rootRef} className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={titleId} className="font-serif text-3xl font-bold tracking-tight">
          {heading}
        </h1>
        <Button asChild variant="outline">
          <Link to="/admin/articles">Back to articles</Link>
        </Button>
      </div>
      {notice}

      {/* Desktop: the body, its settings and the article's own tools under it; the publishing
          column beside them all, for the panel alone, so it stays in view down to the end of
          the page and covers nothing (a control under a sticky panel cannot be clicked).
          On a phone: the body, the panel, the settings, the tools. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
        <form
          id={formId}
          ref={formRef}
          method="post"
          aria-labelledby={titleId}
          noValidate
          onSubmit={onSubmit}
          className="grid min-w-0 grid-cols-1 content-start gap-6"
        >
          <input type="hidden" name="id" value={articleId ?? ''} />
          <input type="hidden" name="expectedUpdatedAt" value={expectedUpdatedAt} />
          <Card>
            <CardContent className="grid gap-5 pt-6">
              <Field>
                <Label htmlFor="title">Title</Label>
                <Input
                  id="title"
                  name="title"
                  placeholder="Article title"
                  value={state.title}
                  readOnly={readOnly}
                  maxLength={TITLE_MAX}
                  aria-invalid={errors.title ? true : undefined}
                  aria-describedby={errors.title ? 'title-error' : undefined}
                  onChange={(event) => set('title', event.target.value)}
                  className={cn('text-lg md:text-lg', readOnly && READ_ONLY_FIELD)}
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
                  readOnly={readOnly}
                  maxLength={EXCERPT_MAX}
                  aria-invalid={errors.excerpt ? true : undefined}
                  aria-describedby={errors.excerpt ? 'excerpt-error' : undefined}
                  onChange={(event) => set('excerpt', event.target.value)}
                  className={readOnly ? READ_ONLY_FIELD : undefined}
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
                  bodyImages={article?.bodyImages}
                  readOnly={readOnly}
                  invalid={Boolean(errors.content)}
                  describedBy={errors.content ? 'content-error' : undefined}
                />
                <FieldError id="content-error" errors={errors.content} />
              </Field>
            </CardContent>
          </Card>
        </form>

        <fieldset
          disabled={readOnly}
          className="min-w-0 lg:col-start-2 lg:row-span-3 lg:row-start-1"
        >
          <ArticlePublishPanel
            actions={actions}
            distribution={
              <>
                <LiveDeskLink article={article} viewer={viewer} />
                <ArticleNewsletterAlert
                  lists={alertLists}
                  articleId={article?.id ?? null}
                  moment={
                    live && storedStatus === 'published'
                      ? 'live'
                      : primary?.label === 'Publish'
                        ? 'publish'
                        : null
                  }
                  busy={submitting}
                  onPublishAndEmail={(listId) =>
                    formRef.current &&
                    save(formRef.current, false, 'published', { alertListId: String(listId) })
                  }
                />
              </>
            }
            saveState={<AutosaveStatus state={autosave} dirty={dirty} />}
            alert={
              conflict ? (
                <ConflictAlert
                  message={conflict}
                  latestUrl={articleId ? `/admin/edit-article/${articleId}` : null}
                  onOverwrite={() => formRef.current && save(formRef.current, true)}
                />
              ) : null
            }
          >
            <ArticleWordCount content={state.content} />
            {draftOnly ? (
              <input type="hidden" name="status" value={state.status} form={formId} />
            ) : (
              <ArticleStatusField
                value={state.status}
                choices={statusChoices}
                onChange={(status) => set('status', status)}
                errors={errors.status}
                form={formId}
              />
            )}
            {mayPublish ? (
              <ArticlePublishField
                value={state.publishedAt}
                status={state.status}
                timeZone={timeZone}
                onChange={(iso) => set('publishedAt', iso)}
                errors={errors.publishedAt}
                form={formId}
              />
            ) : (
              <input type="hidden" name="publishedAt" value={state.publishedAt} form={formId} />
            )}
            <ArticleBylineField
              value={state.authorId}
              choices={bylineChoices}
              authorName={authorName}
              onChange={(authorId) =>
                // The first byline is named once: it leaves the co-authors if it was one.
                setState((previous) => ({
                  ...previous,
                  authorId,
                  coAuthorIds: previous.coAuthorIds.filter((id) => id !== authorId),
                }))
              }
              errors={errors.authorId}
              form={formId}
            />
            <ArticleCoAuthorsField
              value={state.coAuthorIds}
              firstId={state.authorId}
              choices={bylineChoices}
              names={coAuthors}
              onChange={(ids) => set('coAuthorIds', ids)}
              errors={errors.coAuthorIds}
              form={formId}
            />
            <ArticleAccessField
              value={state.access}
              onChange={(access) => {
                setAccessChosen(true)
                set('access', access)
              }}
              plans={plans}
              sitePreviewParagraphs={sitePreviewParagraphs}
              disabled={!maySetAccess}
              errors={errors}
              form={formId}
            />
            <ArticleBreakingNews
              articleId={article?.id ?? null}
              tags={state.tags}
              viewer={viewer}
            />
          </ArticlePublishPanel>
        </fieldset>

        <fieldset
          disabled={readOnly}
          className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-start-1 lg:row-start-2"
        >
          <Card>
            <CardContent className="grid gap-5 pt-6">
              <Field>
                <Label htmlFor="categoryId">Category</Label>
                <input type="hidden" name="categoryId" value={state.categoryId} form={formId} />
                <Select value={state.categoryId} onValueChange={chooseCategory}>
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
                <input
                  type="hidden"
                  name="isFeatured"
                  value={state.isFeatured ? 'true' : ''}
                  form={formId}
                />
                <Switch
                  id="isFeatured"
                  checked={state.isFeatured}
                  // The front page's lead is the editors' choice (article-field-rules.ts).
                  disabled={!canFeatureArticles(viewer)}
                  onCheckedChange={(checked) => set('isFeatured', checked)}
                />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardContent className="grid gap-5 pt-6">
              <ArticleFeaturedImageField
                value={state.featuredImage}
                facts={article?.featuredImageFacts}
                onChange={(url) => set('featuredImage', url)}
                errors={errors.featuredImage}
                form={formId}
              />
              <ArticleTagsField
                value={state.tags}
                onChange={(tags) => set('tags', tags)}
                recentTags={recentTags}
                lockedTag={
                  canManageBreakingNews(viewer)
                    ? undefined
                    : (name) => (isBreakingNewsTagName(name) ? BREAKING_NEWS_REFUSED_MESSAGE : null)
                }
                errors={[...(errors.tags ?? []), ...(errors.newTags ?? [])]}
                form={formId}
              />
              <ArticleVideoField
                hasVideo={state.hasVideo}
                videoUrl={state.videoUrl}
                onHasVideoChange={(checked) => set('hasVideo', checked)}
                onVideoUrlChange={(url) => set('videoUrl', url)}
                errors={errors.videoUrl}
                form={formId}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-6">
              <ArticleSeoFields
                value={state.seo}
                onChange={(seo) => set('seo', seo)}
                fallback={{ title: state.title, excerpt: state.excerpt }}
                socialImageFacts={article?.socialImageFacts}
                errors={errors}
                form={formId}
              />
            </CardContent>
          </Card>
        </fieldset>
        {panels ? (
          <div className="min-w-0 self-start lg:col-start-1 lg:row-start-3">{panels}</div>
        ) : null}
      </div>
      <ArticleLeaveGuard when={dirty && !submitting} />
      <fieldset disabled={readOnly} className="contents">
        <ArticlePublishBar {...actions} status={state.status} unsaved={dirty} />
      </fieldset>
    </div>
  )
}
