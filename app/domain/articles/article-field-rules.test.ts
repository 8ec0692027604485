import { describe, expect, it } from 'vitest'
import type { Actor, Role } from '~/domain/access/access-rules'
import { defaultAccessState } from './article-access'
import { refuseFieldChanges, type ArticleFieldState } from './article-field-rules'

const as = (role: Role): Actor => ({ id: `${role}-1`, role })

function draftOf(authorId: string, extra: Partial<ArticleFieldState> = {}): ArticleFieldState {
  return {
    authorId,
    coAuthorIds: [],
    status: 'draft',
    publishedAt: null,
    slug: 'a-story',
    isFeatured: false,
    isBreaking: false,
    reviewNoteAt: null,
    categoryId: null,
    categoryAccess: 'everyone',
    access: defaultAccessState('everyone'),
    ...extra,
  }
}

const codeOf = (actor: Actor, before: ArticleFieldState | null, after: ArticleFieldState) =>
  refuseFieldChanges(actor, before, after)?.code ?? null

describe('refuseFieldChanges', () => {
  it('lets a change through when nothing protected moves', () => {
    for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
      const actor = as(role)
      const before = draftOf(actor.id)
      expect(codeOf(actor, before, { ...before, slug: 'a-new-title' })).toBeNull()
      expect(codeOf(actor, null, draftOf(actor.id))).toBeNull()
    }
  })

  it('refuses a reader, and anyone but an editor on someone else’s article', () => {
    expect(codeOf(as('viewer'), null, draftOf('viewer-1'))).toBe('EDIT_REFUSED')
    expect(codeOf(as('author'), draftOf('x'), draftOf('x'))).toBe('EDIT_REFUSED')
    expect(codeOf(as('editor'), draftOf('x'), draftOf('x'))).toBeNull()
  })

  it('gives byline, breaking news and the featured flag to editors only, both ways', () => {
    const cases: [keyof ArticleFieldState, unknown, string][] = [
      ['authorId', 'someone-else', 'BYLINE_REFUSED'],
      ['isBreaking', true, 'BREAKING_NEWS_REFUSED'],
      ['isFeatured', true, 'FEATURED_REFUSED'],
    ]
    for (const [field, value, code] of cases) {
      for (const role of ['contributor', 'author'] as const) {
        const actor = as(role)
        expect(codeOf(actor, draftOf(actor.id), draftOf(actor.id, { [field]: value })), field).toBe(
          code,
        )
        // A new article starts unfeatured, off the bar, under one's own name.
        expect(codeOf(actor, null, draftOf(actor.id, { [field]: value })), field).toBe(code)
      }
      for (const role of ['editor', 'admin'] as const) {
        const actor = as(role)
        expect(codeOf(actor, draftOf(actor.id), draftOf(actor.id, { [field]: value }))).toBeNull()
      }
    }
    // Taken off the bar or unfeatured is a change as much as put on.
    const author = as('author')
    const flagged = draftOf(author.id, { isBreaking: true, isFeatured: true })
    expect(codeOf(author, flagged, { ...flagged, isBreaking: false })).toBe('BREAKING_NEWS_REFUSED')
    expect(codeOf(author, flagged, { ...flagged, isFeatured: false })).toBe('FEATURED_REFUSED')
    // Kept as an editor left them: the writer's save goes through.
    expect(codeOf(author, flagged, flagged)).toBeNull()
  })

  it('gives the co-authors and their order to editors only (issue 40)', () => {
    const author = as('author')
    const before = draftOf(author.id, { coAuthorIds: ['b', 'c'] })
    expect(codeOf(author, before, { ...before, coAuthorIds: ['c', 'b'] })).toBe('BYLINE_REFUSED')
    expect(codeOf(author, before, { ...before, coAuthorIds: ['b'] })).toBe('BYLINE_REFUSED')
    expect(codeOf(author, before, before)).toBeNull()
    expect(codeOf(author, null, draftOf(author.id, { coAuthorIds: ['b'] }))).toBe('BYLINE_REFUSED')
    const editor = as('editor')
    expect(codeOf(editor, before, { ...before, coAuthorIds: ['c', 'b', 'd'] })).toBeNull()
    // A co-author contributor writes the shared draft like its first byline.
    const contributor = as('contributor')
    const shared = draftOf('lead', { coAuthorIds: [contributor.id] })
    expect(codeOf(contributor, shared, { ...shared, slug: 'new-title' })).toBeNull()
    expect(codeOf(contributor, shared, { ...shared, status: 'published' })).toBe('STATUS_REFUSED')
  })

  it('asks the status rule for the status reached', () => {
    const contributor = as('contributor')
    expect(
      codeOf(contributor, draftOf(contributor.id), draftOf(contributor.id, { status: 'review' })),
    ).toBeNull()
    expect(
      codeOf(
        contributor,
        draftOf(contributor.id),
        draftOf(contributor.id, { status: 'published', publishedAt: new Date() }),
      ),
    ).toBe('STATUS_REFUSED')
    const author = as('author')
    expect(codeOf(author, null, draftOf(author.id, { status: 'published' }))).toBeNull()
  })

  it('lets only reviewers write a note, and anyone clear one by moving on', () => {
    const note = new Date('2025-01-01T10:00:00Z')
    const author = as('author')
    const inReview = draftOf(author.id, { status: 'review' })
    expect(codeOf(author, inReview, draftOf(author.id, { reviewNoteAt: note }))).toBe(
      'REVIEW_REFUSED',
    )
    expect(codeOf(as('editor'), inReview, draftOf(author.id, { reviewNoteAt: note }))).toBeNull()
    const returned = draftOf(author.id, { reviewNoteAt: note })
    expect(codeOf(author, returned, { ...returned, status: 'review', reviewNoteAt: null })).toBe(
      null,
    )
    expect(codeOf(author, returned, returned)).toBeNull()
  })

  it('never lets the slug of an article that has been published change', () => {
    const admin = as('admin')
    const live = draftOf('x', { status: 'published', publishedAt: new Date() })
    expect(codeOf(admin, live, { ...live, slug: 'other' })).toBe('SLUG_LOCKED')
    expect(codeOf(admin, draftOf('x'), draftOf('x', { slug: 'other' }))).toBeNull()
  })
})
