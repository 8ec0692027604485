import { useState } from 'react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { embedAddress } from '~/lib/embed-providers'
import type { BlockDialogProps } from './blocks/block-dialog'
import { insertBlock } from './blocks/insert-block'
import { returnFocus } from './blocks/return-focus'
import { lookUpEmbed } from './embed-node'

// The Embed block's dialog (issue 40; the "/" menu and the toolbar open it, editor-blocks.ts): an address from a supported site becomes an embed
// (readers load it only when they choose), any other web address a link card.

export function EmbedDialog({ editor, open, onOpenChange }: BlockDialogProps) {
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function close() {
    onOpenChange(false)
    setUrl('')
    setError(null)
    setBusy(false)
  }

  async function insert(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled, but React events still bubble to the article form.
    event.stopPropagation()
    if (!embedAddress(url)) {
      setError('Enter a web address (http or https)')
      return
    }
    setBusy(true)
    const block = await lookUpEmbed(url.trim())
    if (!block) {
      setBusy(false)
      setError('Enter a web address (http or https)')
      return
    }
    // The caret goes on after the card, so the next key typed does not replace it.
    insertBlock(editor, { type: 'embed', attrs: block })
    close()
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent onCloseAutoFocus={(event) => returnFocus(event, editor)}>
        <DialogHeader>
          <DialogTitle>Embed</DialogTitle>
          <DialogDescription>
            A post, video, map or chart from YouTube, Vimeo, X, Instagram, TikTok, Bluesky,
            Mastodon, Facebook, Spotify, SoundCloud, Google Maps, Datawrapper, Flourish or
            DocumentCloud. Any other address becomes a link card.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={insert} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="rte-embed-url">Address</Label>
            <Input
              id="rte-embed-url"
              type="url"
              placeholder="https://"
              value={url}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'rte-embed-url-error' : undefined}
              onChange={(event) => {
                setUrl(event.target.value)
                setError(null)
              }}
            />
            <FieldError id="rte-embed-url-error" errors={error} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? 'Looking it up…' : 'Insert embed'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
