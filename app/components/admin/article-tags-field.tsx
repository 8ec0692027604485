import { PlusIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { TAG_NAME_MAX, TAGS_MAX } from '~/domain/articles/articles-schema'
import { hasSlugCharacters, TAG_NAME_NEEDS_LETTERS } from '~/domain/tags/tags-schema'

/** A tag on the article: an existing tag (id) or a name to create when the article is saved. */
export interface TagChip {
  id: number | null
  name: string
}

export const DUPLICATE_TAG_MESSAGE = 'This tag is already added to the article'
const TOO_MANY_TAGS_MESSAGE = `An article can have at most ${TAGS_MAX} tags.`

function sameName(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/**
 * Adds a tag by name (docs/product.md §5 "Adding a tag"): blank is ignored, a name already on the article
 * is refused, a known tag is matched by name ignoring case, an article is full at TAGS_MAX
 * tags, and a new tag needs letters or numbers for its address (the Tags screen's rule).
 * Returns null when nothing changes.
 */
export function addTag(
  current: TagChip[],
  rawName: string,
  known: { id: number; name: string }[],
): TagChip[] | 'duplicate' | 'full' | 'nameless' | null {
  const name = rawName.trim()
  if (name === '') return null
  if (current.some((tag) => sameName(tag.name, name))) return 'duplicate'
  if (current.length >= TAGS_MAX) return 'full'
  const match = known.find((tag) => sameName(tag.name, name))
  if (match) return [...current, { id: match.id, name: match.name }]
  if (!hasSlugCharacters(name)) return 'nameless'
  return [...current, { id: null, name }]
}

export function ArticleTagsField({
  value,
  onChange,
  recentTags,
  errors,
  form,
  lockedTag,
}: {
  value: TagChip[]
  onChange: (tags: TagChip[]) => void
  recentTags: { id: number; name: string }[]
  errors?: string[]
  /** The id of the form this field posts with, when it sits outside that form. */
  form?: string
  /**
   * Why this role may not put a tag on or take it off (the breaking-news tag for writers), or
   * null: such a tag cannot be added, and its chip has no remove button. The save refuses it
   * anyway (the field rules); this only spares a refused save.
   */
  lockedTag?: (name: string) => string | null
}) {
  const [draft, setDraft] = useState('')
  const known = [
    ...recentTags,
    ...value.filter((tag): tag is { id: number; name: string } => tag.id !== null),
  ]

  function add(name: string, fromInput: boolean) {
    const locked = lockedTag?.(name.trim())
    if (locked) {
      toast.error('Failed to add tag', { description: locked })
      return
    }
    const next = addTag(value, name, known)
    if (next === 'duplicate') {
      toast.info(DUPLICATE_TAG_MESSAGE)
      return
    }
    if (next === 'full' || next === 'nameless') {
      const description = next === 'full' ? TOO_MANY_TAGS_MESSAGE : TAG_NAME_NEEDS_LETTERS
      toast.error('Failed to add tag', { description })
      return
    }
    if (next) {
      onChange(next)
      // docs/product.md §8 "Tag added successfully" follows a tag new to the site; it is created with
      // the article, in the same transaction (docs/product.md "Where we differ" 3).
      if (next[next.length - 1].id === null) {
        toast.success('Tag added successfully', {
          description: 'It will be created when the article is saved.',
        })
      }
    }
    if (fromInput) setDraft('')
  }

  const invalid = Boolean(errors?.length)
  return (
    <Field>
      <Label htmlFor="tag-input">Tags</Label>
      <div className="flex gap-2">
        <Input
          id="tag-input"
          placeholder="Add a tag"
          value={draft}
          maxLength={TAG_NAME_MAX}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'tags-error' : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the tag instead of submitting the article form.
            if (event.key === 'Enter') {
              event.preventDefault()
              add(draft, true)
            }
          }}
        />
        <Button type="button" variant="outline" onClick={() => add(draft, true)}>
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
      </div>
      <FieldError id="tags-error" errors={errors} />
      {value.length > 0 ? (
        <ul aria-label="Tags on this article" className="flex flex-wrap gap-2">
          {value.map((tag) => (
            <li key={`${tag.id ?? 'new'}-${tag.name}`}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 text-sm font-medium">
                {tag.name}
                {lockedTag?.(tag.name) ? null : (
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag.name}`}
                    className="inline-flex size-5 items-center justify-center rounded-full hover:bg-foreground/10 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => onChange(value.filter((other) => other !== tag))}
                  >
                    <XIcon aria-hidden="true" className="size-3.5" />
                  </button>
                )}
              </Badge>
              {tag.id === null ? (
                <input type="hidden" name="newTags" value={tag.name} form={form} />
              ) : (
                <input type="hidden" name="tags" value={tag.id} form={form} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {recentTags.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Recently used tags:</span>
          {recentTags
            .filter((tag) => !lockedTag?.(tag.name))
            .map((tag) => (
              <Badge key={tag.id} variant="outline" asChild>
                <button type="button" onClick={() => add(tag.name, false)}>
                  {tag.name}
                </button>
              </Badge>
            ))}
        </div>
      ) : null}
    </Field>
  )
}
