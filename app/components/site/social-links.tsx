import { platformName } from '~/lib/platform-name'
import { Icon, type SiteIconName } from './icon'
import { iconButtonClass } from './styles'

// docs/product.md §3: icons facebook, twitter, instagram, github, youtube, linkedin; others get a globe.
const KNOWN_ICONS = new Set<SiteIconName>([
  'facebook',
  'twitter',
  'instagram',
  'github',
  'youtube',
  'linkedin',
])

export interface SocialLinkView {
  id: number
  platform: string
  url: string
  icon: string
}

/** Social icon links, each opening in a new tab. */
export function SocialLinks({ links }: { links: SocialLinkView[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {links.map((link) => {
        const icon = link.icon.toLowerCase() as SiteIconName
        return (
          <li key={link.id}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${platformName(link.platform)} (opens in a new tab)`}
              title={platformName(link.platform)}
              className={`${iconButtonClass} text-muted-foreground hover:text-foreground`}
            >
              <Icon name={KNOWN_ICONS.has(icon) ? icon : 'globe'} />
            </a>
          </li>
        )
      })}
    </ul>
  )
}
