import { Facebook, Github, Instagram, Linkedin, Trash2, Twitter, Youtube } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
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
import { useFormErrors } from '~/lib/use-form-errors'
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

function SocialLinkItem({ link }: { link: SocialLinkRow }) {
  const remover = useFetcher<ActionResult>()
  useActionToast(remover.data)
  const Icon = SOCIAL_ICON_COMPONENTS[link.icon as keyof typeof SOCIAL_ICON_COMPONENTS]
  return (
    <li className="flex items-center gap-3 rounded-md border p-3">
      {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0" /> : null}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          {link.platform}
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
      <ConfirmAction
        question="Are you sure you want to delete this social link?"
        description={`The ${link.platform} link disappears from the site's footer.`}
        onConfirm={() =>
          remover.submit({ intent: 'social-delete', id: String(link.id) }, { method: 'post' })
        }
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-destructive hover:text-destructive"
            disabled={remover.state !== 'idle'}
            aria-label={`Delete ${link.platform} link`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
      />
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

  // Spec §4: the form resets after a successful add.
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
        <CardDescription>Shown as icons in the footer of the public site.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          className="grid gap-4 md:grid-cols-[1fr_2fr_1fr_auto] md:items-start"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="social-add" />
          <Field>
            <Label htmlFor="social-platform">Platform</Label>
            <Input
              id="social-platform"
              name="platform"
              placeholder="Facebook"
              aria-invalid={errors.platform ? true : undefined}
              aria-describedby={errors.platform ? 'social-platform-error' : undefined}
            />
            <FieldError id="social-platform-error" errors={errors.platform} />
          </Field>
          <Field>
            <Label htmlFor="social-url">URL</Label>
            <Input
              id="social-url"
              name="url"
              type="url"
              placeholder="https://facebook.com/yourpage"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? 'social-url-error' : undefined}
            />
            <FieldError id="social-url-error" errors={errors.url} />
          </Field>
          <Field>
            <Label htmlFor="social-icon">Icon</Label>
            <Select name="icon" value={icon} onValueChange={setIcon}>
              <SelectTrigger
                id="social-icon"
                aria-invalid={errors.icon ? true : undefined}
                aria-describedby={errors.icon ? 'social-icon-error' : undefined}
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
                        {name}
                      </span>
                    </SelectItem>
                  )
                })}
              </SelectContent>
            </Select>
            <FieldError id="social-icon-error" errors={errors.icon} />
          </Field>
          <Button type="submit" className="md:mt-[1.375rem]" disabled={fetcher.state !== 'idle'}>
            Add Link
          </Button>
        </fetcher.Form>
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No social links yet.</p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-2">
            {links.map((link) => (
              <SocialLinkItem key={link.id} link={link} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
