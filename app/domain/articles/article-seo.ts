// The search and social fields of an article (issue 40): an SEO title, a meta description and
// a social image, each optional, each standing in for the article's own title, excerpt and
// featured image where search engines and social networks show them. Client-safe: the form
// shows the same limits as the server enforces.

/** About what Google shows of a title before cutting it (it measures pixels, ~600). */
export const SEO_TITLE_SHOWN = 60
/** About what Google shows of a description on a desktop result. */
export const META_DESCRIPTION_SHOWN = 160
/** Hard limits: well past what any engine shows, short of an essay. */
export const SEO_TITLE_MAX = 300
export const META_DESCRIPTION_MAX = 300

export interface SeoFields {
  seoTitle: string | null
  metaDescription: string | null
  socialImage: string | null
}

/** What an article is called, described and pictured as in search results and social cards. */
export function articleSeo(article: {
  title: string
  excerpt: string
  featuredImage: string | null
  seoTitle?: string | null
  metaDescription?: string | null
  socialImage?: string | null
}): { title: string; description: string; image: string | null } {
  const given = (value: string | null | undefined) =>
    value !== null && value !== undefined && value.trim() !== '' ? value.trim() : null
  return {
    title: given(article.seoTitle) ?? article.title,
    description: given(article.metaDescription) ?? article.excerpt,
    image: given(article.socialImage) ?? article.featuredImage,
  }
}

/** The count under a field: "48 / 60", and whether search engines will cut it. */
export function lengthNote(
  text: string,
  shown: number,
): { count: string; isOver: boolean; message: string } {
  const length = [...text.trim()].length
  const isOver = length > shown
  return {
    count: `${length} / ${shown}`,
    isOver,
    message: isOver
      ? `Search engines show about ${shown} characters: the rest will be cut.`
      : `Search engines show about ${shown} characters.`,
  }
}
