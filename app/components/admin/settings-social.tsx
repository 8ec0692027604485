import {
  Eye,
  EyeOff,
  Facebook,
  Github,
  Instagram,
  Linkedin,
  Pencil,
  Trash2,
  Twitter,
  Youtube,
} from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
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
import { SOCIAL_ICONS, socialLinkSchema } from '~/domain/settings/settings-schema'
import type { FieldErrors } from '~/lib/field-errors'
import { platformName } from '~/lib/platform-name'
import { useFormErrors } from '~/lib/use-form-errors'
import { cn } from '~/lib/utils'
import { ConfirmAction } from './confirm-action'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

export const SOCIAL_ICON_COMPONENTS = {
  facebook: Facebook,
  twitter: Twitter,
  instagram: Instagram,
  github: Github,
  youtube: Youtube,
  linkedin: Linkedin,
}

export interface SocialLinkRow {
  id: number
  platform: string
  url: string
  icon: string
  isActive: boolean
}

/** Platform, URL and icon: the same fields, and the same checks, to add a link or edit one. */
function SocialLinkFields({
  idPrefix,
  errors,
  initial,
  icon,
  onIconChange,
}: {
  idPrefix: string
  errors: FieldErrors
  initial?: { platform: string; url: string }
  icon: string
  onIconChange: (icon: string) => void
}) {
  const id = (field: string) => `${idPrefix}-${field}`
  const describedBy = (field: keyof FieldErrors & string) =>
    errors[field] ? id(`${field}-error`) : undefined
  return (
    <>
      <Field>
        <Label htmlFor={id('platform')}>Platform</Label>
        <Input
          id={id('platform')}
          name="platform"
          placeholder="Facebook"
          defaultValue={initial?.platform}
          aria-invalid={errors.platform ? true : undefined}
          aria-describedby={describedBy('platform')}
        />
        <FieldError id={id('platform-error')} errors={errors.platform} />
      </Field>
      <Field>
        <Label htmlFor={id('url')}>URL</Label>
        <Input
          id={id('url')}
          name="url"
          type="url"
          placeholder="https://facebook.com/yourpage"
          defaultValue={initial?.url}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describedBy('url')}
        />
        <FieldError id={id('url-error')} errors={errors.url} />
      </Field>
      <Field>
        <Label htmlFor={id('icon')}>Icon</Label>
        <Select name="icon" value={icon} onValueChange={onIconChange}>
          <SelectTrigger
            id={id('icon')}
            aria-invalid={errors.icon ? true : undefined}
            aria-describedby={describedBy('icon')}
          >
            <SelectValue placeholder="Select an icon" />
          </SelectTrigger>
          <SelectContent>
            {SOCIAL_ICONS.map((name) => {
              const Icon = SOCIAL_ICON_COMPONENTS[name]
              return (
                <SelectItem key={name} value={name}>
                  <span className="flex items-center gap-2">
                    <Icon aria-hidden="true" className="size-4" />
                    {platformName(name)}
                  </span>
                </SelectItem>
              )
            })}
          </SelectContent>
        </Select>
        <FieldError id={id('icon-error')} errors={errors.icon} />
      </Field>
    </>
  )
}

function EditSocialLinkForm({ link, onDone }: { link: SocialLinkRow; onDone: () => void }) {
  const editor = useFetcher<ActionResult>()
  useActionToast(editor.data)
  const [icon, setIcon] = useState(link.icon)
  const idPrefix = useId()
  const { errors, onSubmit } = useFormErrors(
    socialLinkSchema,
    editor.data?.ok === false ? editor.data.fieldErrors : undefined,
  )
  useEffect(() => {
    if (editor.state === 'idle' && editor.data?.ok) onDone()
  }, [editor.state, editor.data, onDone])
  const name = platformName(link.platform)
  return (
    <editor.Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit the ${name} link`}
      className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_2fr_1fr] md:items-start"
    >
      <input type="hidden" name="intent" value="social-update" />
      <input type="hidden" name="id" value={link.id} />
      <SocialLinkFields
        idPrefix={`social-edit${idPrefix}`}
        errors={errors}
        initial={link}
        icon={icon}
        onIconChange={setIcon}
      />
      <div className="flex gap-2 md:col-span-3">
        <Button type="submit" disabled={editor.state !== 'idle'}>
          Save Link
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </editor.Form>
  )
}

function SocialLinkItem({ link }: { link: SocialLinkRow }) {
  const remover = useFetcher<ActionResult>()
  const toggler = useFetcher<ActionResult>()
  useActionToast(remover.data)
  useActionToast(toggler.data)
  const [editing, setEditing] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  const Icon = SOCIAL_ICON_COMPONENTS[link.icon as keyof typeof SOCIAL_ICON_COMPONENTS]
  const name = platformName(link.platform)
  if (editing) {
    return (
      <li className="rounded-md border p-3 md:col-span-2">
        <EditSocialLinkForm
          link={link}
          onDone={() => {
            setEditing(false)
            requestAnimationFrame(() => editButton.current?.focus())
          }}
        />
      </li>
    )
  }
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-md border p-3',
        !link.isActive && 'bg-muted/50',
      )}
    >
      {Icon ? (
        <Icon
          aria-hidden="true"
          className={cn('size-5 shrink-0', !link.isActive && 'text-muted-foreground')}
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          {name}
          {link.isActive ? null : <Badge variant="secondary">Hidden</Badge>}
        </p>
        <a
          href={link.url}
          target="_blank"
          rel="noreferrer"
          className="block truncate text-xs text-muted-foreground hover:underline"
        >
          {link.url}
        </a>
      </div>
      <div className="flex shrink-0 items-center">
        <Button
          ref={editButton}
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Edit ${name} link`}
          title="Edit"
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          disabled={toggler.state !== 'idle'}
          aria-label={link.isActive ? `Hide ${name} link` : `Show ${name} link`}
          title={link.isActive ? 'Hide from the footer' : 'Show in the footer'}
          onClick={() =>
            toggler.submit(
              { intent: 'social-visibility', id: String(link.id), active: String(!link.isActive) },
              { method: 'post' },
            )
          }
        >
          {link.isActive ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
        <ConfirmAction
          question="Are you sure you want to delete this social link?"
          description={`The ${name} link disappears from the site's footer.`}
          onConfirm={() =>
            remover.submit({ intent: 'social-delete', id: String(link.id) }, { method: 'post' })
          }
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="size-9 text-destructive hover:text-destructive"
              disabled={remover.state !== 'idle'}
              aria-label={`Delete ${name} link`}
              title="Delete"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
        />
      </div>
    </li>
  )
}

export function SocialLinksCard({ links }: { links: SocialLinkRow[] }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const formRef = useRef<HTMLFormElement>(null)
  const [icon, setIcon] = useState('')
  const { errors, onSubmit } = useFormErrors(
    socialLinkSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )

  // docs/product.md §4: the form resets after a successful add.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) {
      formRef.current?.reset()
      setIcon('')
    }
  }, [fetcher.state, fetcher.data])

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Social Links</h2>
        </CardTitle>
        <CardDescription>
          Shown as icons in the footer of the public site. A hidden link stays here, out of the
          footer, until you show it again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          aria-label="Add a social link"
          className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_2fr_1fr_auto] md:items-start"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="social-add" />
          <SocialLinkFields idPrefix="social" errors={errors} icon={icon} onIconChange={setIcon} />
          <Button type="submit" className="md:mt-[1.375rem]" disabled={fetcher.state !== 'idle'}>
            Add Link
          </Button>
        </fetcher.Form>
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No social links yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
            {links.map((link) => (
              <SocialLinkItem key={link.id} link={link} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
