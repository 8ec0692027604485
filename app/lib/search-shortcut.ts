/**
 * Ctrl/Cmd+K opens the search dialog from the moment the page can take a key press, not from
 * the moment the app has hydrated (the reader's pages ask for their scripts after the first
 * paint, docs/decisions/0030, so that can be a second or more later). This script, inline in
 * the document's head and allowed by its CSP hash like the theme script, listens from the
 * start: on a page that has the search field (SEARCH_SHORTCUT_ATTRIBUTE), a press is kept
 * rather than lost. The search launcher, once mounted, takes the listener over with
 * takeEarlySearchShortcut() and opens the dialog if a press was kept.
 *
 * Pages without the search field (the back office) leave the key to the browser.
 */
export const SEARCH_SHORTCUT_ATTRIBUTE = 'data-search-shortcut'

const HANDOVER = '__broadsheetSearchShortcut'

declare global {
  interface Window {
    /** Set by searchShortcutScript: stops the early listener, says whether it kept a press. */
    [HANDOVER]?: () => boolean
  }
}

export const searchShortcutScript = `(function(){var kept=false;function onKey(e){if((e.ctrlKey||e.metaKey)&&typeof e.key==='string'&&e.key.toLowerCase()==='k'&&document.querySelector('[${SEARCH_SHORTCUT_ATTRIBUTE}]')){e.preventDefault();kept=true}}addEventListener('keydown',onKey);window.${HANDOVER}=function(){removeEventListener('keydown',onKey);var was=kept;kept=false;return was}})()`

/** Whether `event` is the search shortcut (the same test as the early script's). */
export function isSearchShortcut(event: KeyboardEvent) {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k'
}

/**
 * Stops the early listener (the app listens from now on) and says whether it kept a press.
 * Safe to call more than once, and on a page rendered without the script.
 */
export function takeEarlySearchShortcut(): boolean {
  const handover = window[HANDOVER]
  return typeof handover === 'function' ? handover() === true : false
}
