import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { ShareLink } from '~/lib/share-links'
import { outlineButtonClass } from './styles'

/** What the share row needs, worked out by the server (the canonical address, SITE_URL based). */
export interface ArticleShareView {
  url: string
  title: string
  emailHref: string
  links: ShareLink[]
}

/**
 * The article's share row, drawn on the server: e-mail, and a plain link to each platform
 * among the site's social links that has a share page (lib/share-links.ts). No platform script
 * or iframe; every link opens the platform in a new tab without telling it where it came from.
 * `CopyLink` fills the two empty slots once the page runs scripts; without them, no button.
 */
export function ShareLinks({ share }: { share: ArticleShareView }) {
  return (
    <section aria-labelledby="article-share" className="mt-8">
      <h2
        id="article-share"
        className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
      >
        Share this article
      </h2>
      <ul className="mt-3 flex flex-wrap items-center gap-2">
        <li data-copy-link="" className="empty:hidden" />
        <li>
          <a href={share.emailHref} className={outlineButtonClass}>
            E-mail
          </a>
        </li>
        {share.links.map((link) => (
          <li key={link.id}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${link.label} (opens in a new tab)`}
              className={outlineButtonClass}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <div data-copy-status="" />
    </section>
  )
}

type CopyState = 'idle' | 'copied' | 'select'

const MESSAGES: Record<CopyState, string> = {
  idle: '',
  copied: 'Link copied',
  select: 'Press Ctrl+C (⌘C on a Mac) to copy the selected link',
}

/**
 * "Copy link", placed into the server-drawn share row inside `root`: the Clipboard API, and
 * where the browser refuses, the address selected in a field for the reader to copy.
 */
export function CopyLink({ url, root }: { url: string; root: HTMLElement }) {
  const [copy, setCopy] = useState<CopyState>('idle')
  const field = useRef<HTMLInputElement>(null)
  const buttonSlot = root.querySelector('[data-copy-link]')
  const statusSlot = root.querySelector('[data-copy-status]')

  useEffect(() => {
    if (copy === 'select') {
      field.current?.focus()
      field.current?.select()
    }
    if (copy !== 'copied') return
    const timer = setTimeout(() => setCopy('idle'), 4000)
    return () => clearTimeout(timer)
  }, [copy])

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url)
      setCopy('copied')
    } catch {
      // No Clipboard API (an insecure origin, an old browser) or the permission was refused.
      setCopy('select')
    }
  }

  if (!buttonSlot || !statusSlot) return null
  return (
    <>
      {createPortal(
        <button type="button" className={outlineButtonClass} onClick={() => void copyLink()}>
          Copy link
        </button>,
        buttonSlot,
      )}
      {createPortal(
        <>
          {copy === 'select' ? (
            <input
              ref={field}
              readOnly
              value={url}
              aria-label="Article link"
              onFocus={(event) => event.currentTarget.select()}
              className="mt-3 h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
            />
          ) : null}
          <p role="status" className="mt-2 min-h-5 text-sm text-muted-foreground">
            {MESSAGES[copy]}
          </p>
        </>,
        statusSlot,
      )}
    </>
  )
}
