import { addRedirect, RedirectError } from '~/domain/redirects/redirects.server'
import type { Transaction } from '~/infra/db.server'

/**
 * An imported item's old address answers 301 with its new one, stored through the redirects
 * domain so that one rule normalises it and refuses loops. A redirect an editor made by hand for
 * the same address is left as it is; one an earlier import made follows the item. An address
 * the redirects refuse (the home page, our own new path, a loop, one kept by hand) is skipped:
 * the item itself still imports.
 */
export async function recordImportRedirect(tx: Transaction, oldLink: string, toPath: string) {
  try {
    await addRedirect(tx, { fromPath: oldLink, toPath, statusCode: 301, source: 'import' })
  } catch (error) {
    if (!(error instanceof RedirectError)) throw error
  }
}
