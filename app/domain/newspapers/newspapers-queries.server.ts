import { getStorage } from '~/infra/storage.server'
import { logger } from '~/infra/logger.server'

export interface NewspaperEdition {
  name: string
  url: string
  /** Bytes. */
  size: number
  /** The edition's date: from a YYYY-MM-DD in the file name, else when it was uploaded. */
  date: Date
}

const DATE_IN_NAME = /(\d{4})-(\d{2})-(\d{2})/

export function editionDate(name: string, uploadedAt: Date): Date {
  const match = DATE_IN_NAME.exec(name)
  if (match) {
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    if (!Number.isNaN(date.getTime()) && date.getUTCDate() === Number(match[3])) return date
  }
  return uploadedAt
}

/**
 * PDF editions in the pdf_newspapers bucket, newest first. A storage failure yields an empty
 * list (logged): the home page still renders without its newspaper section.
 */
export async function listNewspaperEditions(limit?: number): Promise<NewspaperEdition[]> {
  const storage = getStorage()
  let files
  try {
    files = await storage.list('pdf_newspapers')
  } catch (error) {
    logger.error({ err: error }, 'listing PDF editions failed')
    return []
  }
  const editions = files
    .filter((file) => file.name.toLowerCase().endsWith('.pdf'))
    .map((file) => ({
      name: file.name,
      url: storage.publicUrl('pdf_newspapers', file.name),
      size: file.size,
      date: editionDate(file.name, file.updatedAt),
    }))
    .sort((a, b) => b.date.getTime() - a.date.getTime() || b.name.localeCompare(a.name))
  return limit === undefined ? editions : editions.slice(0, limit)
}
