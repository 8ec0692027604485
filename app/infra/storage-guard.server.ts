import { domainErrors } from '~/lib/domain-error'
import type { StorageDriver } from './storage-driver.server'

/** File storage that does not answer: the upload (or delete, or backup) is refused with 503. */
export class StorageError extends domainErrors('StorageError', { UNAVAILABLE: 503 }) {}

export const STORAGE_UNAVAILABLE_MESSAGE =
  'File storage cannot be reached just now, so nothing was saved. Please try again in a minute.'

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

/** An error that says the storage service is away (network, timeout, its own 5xx), not a refusal. */
export function isStorageUnavailable(error: unknown): boolean {
  const e = error as {
    code?: string
    name?: string
    $metadata?: { httpStatusCode?: number }
    cause?: unknown
  } | null
  if (!e || typeof e !== 'object') return false
  if (e instanceof StorageError) return true
  if (e.code && NETWORK_CODES.has(e.code)) return true
  if (e.name === 'TimeoutError' || e.name === 'RequestTimeout') return true
  const status = e.$metadata?.httpStatusCode
  if (status !== undefined && status >= 500) return true
  return e.cause !== undefined && e.cause !== error && isStorageUnavailable(e.cause)
}

/**
 * The storage driver with its "service away" failures turned into a StorageError (503, a
 * message for the person who asked) that routes show as they show any refusal. Reading pages
 * never touches the storage (files are linked, not read); uploads and deletes do.
 */
export function guardStorage(driver: StorageDriver): StorageDriver {
  const guard =
    <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      try {
        return await call(...args)
      } catch (error) {
        if (isStorageUnavailable(error) && !(error instanceof StorageError)) {
          throw new StorageError('UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE, { cause: error })
        }
        throw error
      }
    }
  return {
    kind: driver.kind,
    list: guard(driver.list.bind(driver)),
    put: guard(driver.put.bind(driver)),
    get: guard(driver.get.bind(driver)),
    stat: guard(driver.stat.bind(driver)),
    remove: guard(driver.remove.bind(driver)),
    publicUrl: (bucket, name) => driver.publicUrl(bucket, name),
  }
}
