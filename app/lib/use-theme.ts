import { useCallback, useSyncExternalStore } from 'react'
import { THEME_STORAGE_KEY } from './theme-script'

export type Theme = 'light' | 'dark'

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}

const readTheme = (): Theme =>
  document.documentElement.classList.contains('dark') ? 'dark' : 'light'

/** The theme the document shows (set before paint by the theme script), and a way to flip it. */
export function useTheme() {
  const theme = useSyncExternalStore<Theme>(subscribe, readTheme, () => 'light')
  const setTheme = useCallback((next: Theme) => {
    const root = document.documentElement
    root.classList.toggle('dark', next === 'dark')
    root.classList.toggle('light', next === 'light')
    root.style.colorScheme = next
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {}
  }, [])
  return { theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }
}
