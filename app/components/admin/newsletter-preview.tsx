import { useState } from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { withDarkScheme } from '~/domain/newsletter/mail-scheme'
import { cn } from '~/lib/utils'

const WIDTHS = [
  { value: 600, label: '600 px' },
  { value: 375, label: '375 px' },
] as const
const SCHEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const

function Choice<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-md border border-border p-0.5"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded px-3 py-1 text-sm text-muted-foreground',
            option.value === value && 'bg-muted font-medium text-foreground',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}

/**
 * The mail as readers will get it: 600 px (a desktop client's column) or 375 px (a phone),
 * with a mail client's light or dark colours (issue 36), and its plain-text part. The frame is
 * sandboxed: the mail's links and markup run nothing here.
 */
export function NewsletterPreview({ html, text }: { html: string; text: string }) {
  const [width, setWidth] = useState<375 | 600>(600)
  const [scheme, setScheme] = useState<'light' | 'dark'>('light')
  return (
    <Tabs defaultValue="mail" className="grid gap-3">
      <TabsList aria-label="Preview">
        <TabsTrigger value="mail">Mail</TabsTrigger>
        <TabsTrigger value="text">Plain text</TabsTrigger>
      </TabsList>
      <TabsContent value="mail" className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <Choice label="Preview width" options={WIDTHS} value={width} onChange={setWidth} />
          <Choice
            label="Mail client colours"
            options={SCHEMES}
            value={scheme}
            onChange={setScheme}
          />
        </div>
        <iframe
          title={`Preview at ${width} px, ${scheme}`}
          sandbox=""
          srcDoc={scheme === 'dark' ? withDarkScheme(html) : html}
          style={{ width: `${width}px` }}
          className="mx-auto block h-[640px] max-w-full rounded-md border border-border bg-white"
        />
      </TabsContent>
      <TabsContent value="text">
        <pre className="max-h-[640px] overflow-auto rounded-md border border-border bg-muted p-4 text-sm whitespace-pre-wrap">
          {text}
        </pre>
      </TabsContent>
    </Tabs>
  )
}
