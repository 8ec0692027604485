import fsp from 'node:fs/promises'
import { domainErrors } from '~/domain/domain-error'
import { readGhost } from './ghost-reader.server'
import type { SourceEvent, SourceKind } from './import-source'
import { readWxr } from './wxr-reader.server'

/** A file neither reader knows: the uploader's, a 400. */
export class ImportFileError extends domainErrors('ImportFileError', { INVALID_FILE: 400 }) {}

/** Which exporter wrote the file, from its first bytes (never its name). */
export async function detectSource(filePath: string): Promise<SourceKind> {
  const handle = await fsp.open(filePath, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0)
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
    if (head.startsWith('{')) return 'ghost'
    if (head.startsWith('<') && /<rss\b|<\?xml|<!--/.test(head)) return 'wordpress'
  } finally {
    await handle.close()
  }
  throw new ImportFileError(
    'INVALID_FILE',
    'This file is neither a WordPress export (WXR, .xml) nor a Ghost export (.json).',
  )
}

export function readSource(
  source: SourceKind,
  filePath: string,
  siteUrl = '',
): AsyncGenerator<SourceEvent> {
  return source === 'ghost' ? readGhost(filePath, siteUrl) : readWxr(filePath)
}
