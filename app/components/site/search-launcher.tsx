import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import {
  isSearchShortcut,
  isTypedCharacter,
  SEARCH_KEY_LISTENER,
  SEARCH_READY_ATTRIBUTE,
  takeEarlySearchShortcut,
} from '~/lib/search-shortcut'
import { Icon } from './icon'
import { iconButtonClass } from './styles'

// The dialog (and the dialog primitives it uses) loads the first time a reader asks for it,
// so articles ship without it.
const loadDialog = () => import('./search-dialog')
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })))

/** docs/product.md §2 Search: the query is cleared about 100 ms after the dialog closes. */
const CLEAR_AFTER_CLOSE_MS = 100

/**
 * The header's search: a field with placeholder "Search..." (an icon on mobile) that opens
 * the search dialog, also on Ctrl/Cmd+K. Without JavaScript the field is a plain GET form and
 * the icon a link, both to the /search results page.
 */
/** Focus is in a field that takes the key itself (the dialog's own, once it is there). */
function isEditing(element: Element | null) {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLElement && element.isContentEditable)
  )
}

export function SearchLauncher() {
  const [open, setOpen] = useState(false)
  const [everOpened, setEverOpened] = useState(false)
  const [query, setQuery] = useState('')
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const openRef = useRef(false)
  openRef.current = open
  const [ready, setReady] = useState(false)

  const openWith = useCallback((seed: string) => {
    // At once, not at the next render: a key typed in between belongs to the dialog.
    openRef.current = true
    clearTimeout(clearTimer.current)
    setQuery(seed)
    setEverOpened(true)
    setOpen(true)
  }, [])

  const onOpenChange = useCallback((next: boolean) => {
    openRef.current = next
    setOpen(next)
    if (!next) clearTimer.current = setTimeout(() => setQuery(''), CLEAR_AFTER_CLOSE_MS)
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        event.preventDefault()
        openWith('')
      } else if (openRef.current && isTypedCharacter(event) && !isEditing(document.activeElement)) {
        // Open, but the dialog's field is not there yet (its code still loading) or not yet
        // focused: the letters go to the query rather than nowhere. Written to the page at once:
        // once the field takes focus, the next letter lands in what it shows, and a letter
        // still waiting in React's queue would then be overwritten by the field's own change.
        event.preventDefault()
        flushSync(() => setQuery((typed) => typed + event.key))
      }
    }
    // Captured on the window: React stops a key press aimed at a part still hydrating.
    window.addEventListener('keydown', onKeyDown, SEARCH_KEY_LISTENER)
    // A press made before the app arrived was kept by the document's early listener, with
    // whatever was typed after it.
    const early = takeEarlySearchShortcut()
    if (early !== null) openWith(early)
    setReady(true)
    return () => {
      window.removeEventListener('keydown', onKeyDown, SEARCH_KEY_LISTENER)
      clearTimeout(clearTimer.current)
    }
  }, [openWith])

  const preload = () => void loadDialog()

  return (
    <>
      <form
        action="/search"
        method="get"
        role="search"
        {...{ [SEARCH_READY_ATTRIBUTE]: ready ? '' : undefined }}
        className="relative hidden w-56 md:block lg:w-64"
        onSubmit={(event) => {
          event.preventDefault()
          const input = event.currentTarget.elements.namedItem('q') as HTMLInputElement
          openWith(input.value)
          input.value = ''
        }}
      >
        <Icon
          name="search"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          type="search"
          name="q"
          placeholder="Search..."
          aria-label="Search articles"
          aria-keyshortcuts="Control+K Meta+K"
          // The early shortcut listener (lib/search-shortcut) acts only where this field is.
          data-search-shortcut=""
          autoComplete="off"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={(event) => {
            openWith(event.currentTarget.value)
            event.currentTarget.value = ''
          }}
          onChange={(event) => {
            // Typing into the field carries on in the dialog.
            const value = event.currentTarget.value
            event.currentTarget.value = ''
            openWith(value)
          }}
          className="h-9 w-full rounded-md border border-input bg-background pl-9 pr-12 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        />
        <kbd
          aria-hidden="true"
          className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 rounded border bg-muted px-1.5 font-sans text-[0.65rem] font-medium text-muted-foreground"
        >
          Ctrl K
        </kbd>
      </form>
      <a
        href="/search"
        aria-label="Search"
        className={`${iconButtonClass} md:hidden`}
        onPointerEnter={preload}
        onClick={(event) => {
          event.preventDefault()
          openWith('')
        }}
      >
        <Icon name="search" />
      </a>
      {everOpened ? (
        <Suspense fallback={null}>
          <SearchDialog
            open={open}
            onOpenChange={onOpenChange}
            query={query}
            onQueryChange={setQuery}
          />
        </Suspense>
      ) : null}
    </>
  )
}
