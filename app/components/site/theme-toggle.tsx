import { useTheme } from '~/lib/use-theme'
import { Icon } from './icon'
import { iconButtonClass } from './styles'

/**
 * Flips light/dark and saves the choice (docs/product.md §4 Theme). Before hydration it reads as light;
 * the page itself already shows the right theme, set by the inline theme script.
 */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme()
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      className={iconButtonClass}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  )
}
