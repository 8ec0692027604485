/** The language the site's pages are written and drawn in (BCP 47): `<html lang>`, the API. */
export const SITE_LANGUAGE = 'en'
