import { ImageIcon, Type } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Progress } from '~/components/ui/progress'
import { ACCEPT } from '~/domain/media/media-schema'
import { logoSettingsSchema } from '~/domain/settings/settings-schema'
import { useFormErrors } from '~/lib/use-form-errors'
import { cn } from '~/lib/utils'
import { LogoPreview } from './settings-logo-preview'
import { UploadFailure, uploadFile } from './upload-file'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

export interface LogoSettings {
  logoType: string
  logoText: string
  logoTextColor: string
  logoTextColorDark: string
  logoImageUrl: string | null
  logoFontFamily: string | null
  logoFontUrl: string | null
}

/** docs/product.md §7: the font family is the uploaded file's name without its extension. */
function familyFromFileName(name: string) {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[^\w .-]+/g, ' ')
    .trim()
    .slice(0, 100)
}

const HEX = /^#[0-9a-f]{6}$/i

function ColourField({
  id,
  name,
  label,
  value,
  fallback,
  onChange,
  errors,
}: {
  id: string
  name: string
  label: string
  value: string
  fallback: string
  onChange: (value: string) => void
  errors?: string[]
}) {
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`Pick the ${label.toLowerCase()}`}
          value={HEX.test(value) ? value : fallback}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
        />
        <Input
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="max-w-32 font-mono"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : undefined}
        />
      </div>
      <FieldError id={`${id}-error`} errors={errors} />
    </Field>
  )
}

export function LogoSettingsCard({ settings }: { settings: LogoSettings }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const [logoType, setLogoType] = useState(settings.logoType === 'image' ? 'image' : 'text')
  const [text, setText] = useState(settings.logoText)
  const [color, setColor] = useState(settings.logoTextColor || '#000000')
  const [darkColor, setDarkColor] = useState(settings.logoTextColorDark || '#F5F5F5')
  const [fontFamily, setFontFamily] = useState(settings.logoFontFamily ?? '')
  const [fontUrl, setFontUrl] = useState(settings.logoFontUrl ?? '')
  const [imageUrl, setImageUrl] = useState(settings.logoImageUrl ?? '')
  const [uploading, setUploading] = useState<null | { what: 'font' | 'image'; fraction: number }>(
    null,
  )
  const { errors, onSubmit } = useFormErrors(
    logoSettingsSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )

  async function upload(what: 'font' | 'image', file: File | undefined) {
    if (!file) return
    setUploading({ what, fraction: 0 })
    try {
      const stored = await uploadFile(file, what, (fraction) => setUploading({ what, fraction }))
      if (what === 'font') {
        setFontUrl(stored.url)
        setFontFamily(familyFromFileName(stored.originalName || file.name) || 'Logo Font')
      } else setImageUrl(stored.url)
      toast.success('File uploaded', { description: 'Your file has been uploaded successfully.' })
    } catch (error) {
      const message = error instanceof UploadFailure ? error.message : String(error)
      toast.error(what === 'font' ? 'Error uploading font' : 'Error uploading image', {
        description: message,
      })
    } finally {
      setUploading(null)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Logo Settings</h2>
        </CardTitle>
        <CardDescription>The brand in the header of the public site.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate className="grid gap-5" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="logo" />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Logo type</legend>
            <div className="flex flex-wrap gap-2">
              {(['text', 'image'] as const).map((type) => (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    logoType === type && 'border-primary bg-primary/5',
                  )}
                >
                  <input
                    type="radio"
                    name="logoType"
                    value={type}
                    checked={logoType === type}
                    onChange={() => setLogoType(type)}
                    className="accent-primary"
                  />
                  {type === 'text' ? (
                    <Type aria-hidden="true" className="size-4" />
                  ) : (
                    <ImageIcon aria-hidden="true" className="size-4" />
                  )}
                  {type === 'text' ? 'Text' : 'Image'}
                </label>
              ))}
            </div>
          </fieldset>

          {/* Both halves stay in the form so switching type never loses the other's values. */}
          <input type="hidden" name="logoFontUrl" value={fontUrl} />
          <input type="hidden" name="logoImageUrl" value={imageUrl} />
          <div className={cn('grid gap-5', logoType !== 'text' && 'hidden')}>
            <Field>
              <Label htmlFor="logo-text">Logo text</Label>
              <Input
                id="logo-text"
                name="logoText"
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={errors.logoText ? true : undefined}
              />
              <FieldError id="logo-text-error" errors={errors.logoText} />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <ColourField
                id="logo-color"
                name="logoTextColor"
                label="Text colour (light theme)"
                value={color}
                fallback="#000000"
                onChange={setColor}
                errors={errors.logoTextColor}
              />
              <ColourField
                id="logo-color-dark"
                name="logoTextColorDark"
                label="Text colour (dark theme)"
                value={darkColor}
                fallback="#F5F5F5"
                onChange={setDarkColor}
                errors={errors.logoTextColorDark}
              />
            </div>
            <Field>
              <Label htmlFor="logo-font">Custom font</Label>
              <Input
                id="logo-font"
                type="file"
                accept={ACCEPT.font}
                disabled={uploading !== null}
                onChange={(e) => void upload('font', e.target.files?.[0])}
              />
              <FieldDescription>
                A .ttf, .otf, .woff or .woff2 file, up to 5 MB.{' '}
                {fontFamily
                  ? `Current font: ${fontFamily}.`
                  : 'Without one the site’s serif is used.'}
              </FieldDescription>
              <input type="hidden" name="logoFontFamily" value={fontFamily} />
              {fontUrl ? (
                <Button
                  type="button"
                  variant="link"
                  className="h-auto w-fit p-0"
                  onClick={() => {
                    setFontUrl('')
                    setFontFamily('')
                  }}
                >
                  Remove the custom font
                </Button>
              ) : null}
            </Field>
            <LogoPreview
              text={text || 'Broadsheet'}
              light={color}
              dark={darkColor}
              fontUrl={fontUrl}
            />
          </div>

          <div className={cn('grid gap-4', logoType !== 'image' && 'hidden')}>
            <Field>
              <Label htmlFor="logo-image">Logo image</Label>
              <Input
                id="logo-image"
                type="file"
                accept="image/*"
                disabled={uploading !== null}
                onChange={(e) => void upload('image', e.target.files?.[0])}
              />
              <FieldDescription>JPEG, PNG, WebP, GIF or AVIF, up to 15 MB.</FieldDescription>
              <FieldError id="logo-image-error" errors={errors.logoImageUrl} />
            </Field>
            {imageUrl ? (
              <div className="rounded-md border bg-background p-4">
                <p className="mb-2 text-xs text-muted-foreground">Preview</p>
                <img src={imageUrl} alt="Logo preview" className="max-h-20 w-auto" />
              </div>
            ) : null}
          </div>

          {uploading ? (
            <Progress
              value={Math.round(uploading.fraction * 100)}
              aria-label={
                uploading.what === 'font' ? 'Font upload progress' : 'Image upload progress'
              }
            />
          ) : null}
          <div>
            <Button type="submit" disabled={fetcher.state !== 'idle' || uploading !== null}>
              {fetcher.state !== 'idle' ? 'Saving…' : 'Save Logo Settings'}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
