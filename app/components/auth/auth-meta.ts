import type { MetaDescriptor } from 'react-router'

/** Auth pages: "{title} | {brand}", kept out of search engines. */
export function authMeta(
  title: string,
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { settings?: { logoText?: string } } | undefined
  const brand = root?.settings?.logoText || 'Broadsheet'
  return [{ title: `${title} | ${brand}` }, { name: 'robots', content: 'noindex' }]
}
