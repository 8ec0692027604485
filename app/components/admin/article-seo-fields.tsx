import type { ImageFacts } from '~/domain/media/media-schema'
import { ArticleFeaturedImageField } from '~/components/admin/article-featured-image-field'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import {
  lengthNote,
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_SHOWN,
  SEO_TITLE_MAX,
  SEO_TITLE_SHOWN,
} from '~/domain/articles/article-seo'
import { cn } from '~/lib/utils'

export interface SeoFieldsValue {
  seoTitle: string
  metaDescription: string
  socialImage: string
}

/**
 * How a search result and a social card show the article (issue 40): each field optional,
 * standing in for the title, the excerpt or the featured image, with what engines show of it
 * counted as it is typed.
 */
export function ArticleSeoFields({
  value,
  onChange,
  fallback,
  errors,
  form,
  socialImageFacts,
}: {
  value: SeoFieldsValue
  onChange: (value: SeoFieldsValue) => void
  /** What is used when a field is left empty: the article's title and excerpt. */
  fallback: { title: string; excerpt: string }
  errors: Partial<Record<keyof SeoFieldsValue, string[]>>
  form: string
  /** What the library says of the saved social image: its preview crops at the focal point. */
  socialImageFacts?: ImageFacts | null
}) {
  const set = (key: keyof SeoFieldsValue, text: string) => onChange({ ...value, [key]: text })
  return (
    <section aria-labelledby="seo-heading" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="seo-heading" className="text-base font-semibold">
          Search and social
        </h2>
        <p className="text-sm text-muted-foreground">
          Optional. Left empty, search results and social cards use the title, the excerpt and the
          featured image.
        </p>
      </div>
      <Field>
        <Label htmlFor="seoTitle">SEO headline</Label>
        <Input
          id="seoTitle"
          name="seoTitle"
          form={form}
          value={value.seoTitle}
          maxLength={SEO_TITLE_MAX}
          placeholder={fallback.title || 'The article title'}
          aria-invalid={errors.seoTitle ? true : undefined}
          aria-describedby={cn('seoTitle-count', errors.seoTitle && 'seoTitle-error')}
          onChange={(event) => set('seoTitle', event.target.value)}
        />
        <LengthCount id="seoTitle-count" text={value.seoTitle} shown={SEO_TITLE_SHOWN} />
        <FieldError id="seoTitle-error" errors={errors.seoTitle} />
      </Field>
      <Field>
        <Label htmlFor="metaDescription">Meta description</Label>
        <Textarea
          id="metaDescription"
          name="metaDescription"
          form={form}
          rows={3}
          value={value.metaDescription}
          maxLength={META_DESCRIPTION_MAX}
          placeholder={fallback.excerpt || 'The excerpt'}
          aria-invalid={errors.metaDescription ? true : undefined}
          aria-describedby={cn(
            'metaDescription-count',
            errors.metaDescription && 'metaDescription-error',
          )}
          // One line: a search snippet has no paragraphs.
          onChange={(event) => set('metaDescription', event.target.value.replace(/[\r\n]+/g, ' '))}
        />
        <LengthCount
          id="metaDescription-count"
          text={value.metaDescription}
          shown={META_DESCRIPTION_SHOWN}
        />
        <FieldError id="metaDescription-error" errors={errors.metaDescription} />
      </Field>
      <ArticleFeaturedImageField
        name="socialImage"
        legend="Social image"
        purpose="Choose the image shown when the article is shared (Facebook, X, LinkedIn, messaging apps)."
        emptyText="None: the featured image is used"
        previewAlt="Social image preview"
        buttonLabels={{
          select: 'Select social image',
          change: 'Change social image',
          remove: 'Remove social image',
        }}
        value={value.socialImage}
        facts={socialImageFacts}
        frame="social"
        onChange={(url) => set('socialImage', url)}
        errors={errors.socialImage}
        form={form}
      />
    </section>
  )
}

function LengthCount({ id, text, shown }: { id: string; text: string; shown: number }) {
  const note = lengthNote(text, shown)
  return (
    <p
      id={id}
      data-over={note.isOver || undefined}
      className="flex flex-wrap justify-between gap-x-3 text-sm text-muted-foreground data-over:font-medium data-over:text-destructive-subtle-foreground"
    >
      <span>{note.message}</span>
      <span className="tabular-nums">{note.count}</span>
    </p>
  )
}
