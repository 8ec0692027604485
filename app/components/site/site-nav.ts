// What the header, the mobile menu and the footer are drawn from (the root loader's data).
// Kept apart from the components so that they need not import one another for a type.

import type { Role } from '~/domain/access/access-rules'

export interface SiteUser {
  id: string
  email: string
  username: string | null
  role: Role
  /** Whether the header offers the back office (access-rules' canOpenBackOffice, on the server). */
  opensBackOffice: boolean
}

export interface SiteCategory {
  id: number
  name: string
  slug: string
}
