/**
 * Ctrl/Cmd+K opens the search dialog from the moment the page can take a key press, not from
 * the moment the app has hydrated (the reader's pages ask for their scripts after the first
 * paint, docs/decisions/0030, so that can be a second or more later). This script, inline in
 * the document's head and allowed by its CSP hash like the theme script, listens from the
 * start: on a page that has the search field (SEARCH_SHORTCUT_ATTRIBUTE), a press is kept
 * rather than lost. The search launcher, once mounted, takes the listener over with
 * takeEarlySearchShortcut() and opens the dialog if a press was kept, with what was typed
 * after it.
 *
 * Pages without the search field (the back office) leave the key to the browser.
 */
export const SEARCH_SHORTCUT_ATTRIBUTE = 'data-search-shortcut'

const HANDOVER = '__broadsheetSearchShortcut'

declare global {
  interface Window {
    /**
     * Set by searchShortcutScript: stops the early listener; null when it kept no press, else
     * what was typed after it.
     */
    [HANDOVER]?: () => string | null
  }
}

// After a kept press, the letters typed next are kept too (the reader types their query at
// once, before the dialog exists) and handed over with it. It listens in the capture phase on
// the window, ahead of everything else: while the page hydrates, React stops a key press aimed
// at a part not hydrated yet at the document (react-dom's dispatchEvent), and a listener of the
// bubble phase on the window never heard it (a letter lost: 'trnsit lev').
export const searchShortcutScript = `(function(){var kept=false,typed='';function onKey(e){if((e.ctrlKey||e.metaKey)&&typeof e.key==='string'&&e.key.toLowerCase()==='k'&&document.querySelector('[${SEARCH_SHORTCUT_ATTRIBUTE}]')){e.preventDefault();kept=true;typed=''}else if(kept&&!e.ctrlKey&&!e.metaKey&&!e.altKey&&typeof e.key==='string'){if(e.key.length===1){e.preventDefault();typed+=e.key}else if(e.key==='Backspace'){e.preventDefault();typed=typed.slice(0,-1)}}}addEventListener('keydown',onKey,true);window.${HANDOVER}=function(){removeEventListener('keydown',onKey,true);var was=kept?typed:null;kept=false;typed='';return was}})()`

/** Whether `event` is the search shortcut (the same test as the early script's). */
export function isSearchShortcut(event: KeyboardEvent) {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k'
}

/**
 * Stops the early listener (the app listens from now on): null when it kept no press, else
 * the text typed after the press ('' for none). Safe to call more than once, and on a page
 * rendered without the script.
 */
export function takeEarlySearchShortcut(): string | null {
  const handover = window[HANDOVER]
  if (typeof handover !== 'function') return null
  const typed = handover()
  return typeof typed === 'string' ? typed : null
}

/** A key that types a character into a field (no shortcut modifier held). */
export function isTypedCharacter(event: KeyboardEvent) {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
}

/** Options of the app's own key listener: the capture phase, for the same reason. */
export const SEARCH_KEY_LISTENER = { capture: true } as const

/** Set on the header's search once the app listens for the shortcut itself. */
export const SEARCH_READY_ATTRIBUTE = 'data-search-ready'
