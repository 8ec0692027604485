// What the header, the mobile menu and the footer are drawn from (the root loader's data).
// Kept apart from the components so that they need not import one another for a type.

/**
 * The signed-in reader as the header and the menu see them: no name, address or id, so that a
 * reader page is the same for every signed-in reader of a kind (decision 0046).
 */
export interface SiteUser {
  /** Whether the header offers the back office (access-rules' canOpenBackOffice, on the server). */
  opensBackOffice: boolean
}

export interface SiteCategory {
  id: number
  name: string
  slug: string
}
