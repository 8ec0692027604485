import type { ImageText } from './import-body'
import type { ImportInput } from './import-job-data'
import { readSource } from './import-read.server'
import type { SourceAuthor, SourceSite, SourceTerm } from './import-source'

// The first pass over an export, shared by the dry run and the import: everything but the
// items' bodies (authors, categories, tags and attachments, which are few). The second pass
// reads the items again, as a stream.

export interface Gathered {
  site: SourceSite
  authors: SourceAuthor[]
  terms: SourceTerm[]
  attachments: Map<string, string>
  /** An attachment's address → its alt text and caption (WordPress). */
  attachmentTexts: Map<string, ImageText>
  children: Map<string, string[]>
  items: number
}

export async function gather(input: ImportInput): Promise<Gathered> {
  const found: Gathered = {
    site: { key: '', title: '', url: '' },
    authors: [],
    terms: [],
    attachments: new Map(),
    attachmentTexts: new Map(),
    children: new Map(),
    items: 0,
  }
  for await (const event of readSource(input.source, input.filePath, input.options.siteUrl)) {
    if (event.kind === 'site') found.site = event.site
    else if (event.kind === 'author') found.authors.push(event.author)
    else if (event.kind === 'term') found.terms.push(event.term)
    else {
      found.items++
      const item = event.item
      if (item.type === 'attachment' && item.attachmentUrl) {
        found.attachments.set(item.sourceId, item.attachmentUrl)
        if (item.imageAlt || item.imageCaption) {
          found.attachmentTexts.set(item.attachmentUrl, {
            alt: item.imageAlt ?? '',
            caption: item.imageCaption ?? '',
          })
        }
        if (item.parentId) {
          const list = found.children.get(item.parentId) ?? []
          list.push(item.attachmentUrl)
          found.children.set(item.parentId, list)
        }
      }
    }
  }
  return found
}
