import { describe, expect, it } from 'vitest'
import {
  canAddCorrections,
  canAdministerSite,
  canCreateArticle,
  canDeleteArticle,
  canDeleteOwnAccount,
  canEditArticle,
  canListAnyonesArticles,
  canManageCategories,
  canMoveArticleTo,
  canOpenArticle,
  canOpenBackOffice,
  canPublishArticle,
  canReviewArticles,
  canRunLiveCoverage,
  canSubmitLiveEntry,
  canSubmitForReview,
  canUploadImages,
  canUseProfile,
  canWithdrawArticle,
  ROLES,
  type Actor,
  type ArticleAccessFacts,
  type Role,
} from './access-rules'

const actor = (role: Role): Actor => ({ id: `${role}-id`, role })
const own = (role: Role, status: ArticleAccessFacts['status']) => ({
  authorId: `${role}-id`,
  status,
})
const others = (status: ArticleAccessFacts['status']) => ({ authorId: 'someone-else', status })

/** The newsroom's table, row by row: the roles that hold each capability. */
const TABLE: [string, (role: Role) => boolean, Role[]][] = [
  ['read published content, own profile', (r) => canUseProfile(actor(r)), [...ROLES]],
  [
    'delete own account (staff: an admin closes it)',
    (r) => canDeleteOwnAccount(actor(r)),
    ['viewer'],
  ],
  [
    'open the back office',
    (r) => canOpenBackOffice(actor(r)),
    ['contributor', 'author', 'editor', 'admin'],
  ],
  [
    'create articles',
    (r) => canCreateArticle(actor(r)),
    ['contributor', 'author', 'editor', 'admin'],
  ],
  ['upload images', (r) => canUploadImages(actor(r)), ['contributor', 'author', 'editor', 'admin']],
  [
    'edit own drafts (and returned articles)',
    (r) => canEditArticle(actor(r), own(r, 'draft')),
    ['contributor', 'author', 'editor', 'admin'],
  ],
  [
    'submit own draft for review',
    (r) => canSubmitForReview(actor(r), own(r, 'draft')),
    ['contributor', 'author', 'editor', 'admin'],
  ],
  [
    'edit own article waiting for review',
    (r) => canEditArticle(actor(r), own(r, 'review')),
    ['author', 'editor', 'admin'],
  ],
  [
    'publish own articles',
    (r) => canPublishArticle(actor(r), own(r, 'draft')),
    ['author', 'editor', 'admin'],
  ],
  [
    'delete own articles',
    (r) => canDeleteArticle(actor(r), own(r, 'published')),
    ['author', 'editor', 'admin'],
  ],
  [
    'open own article waiting for review',
    (r) => canOpenArticle(actor(r), own(r, 'review')),
    ['contributor', 'author', 'editor', 'admin'],
  ],
  [
    'withdraw own submission to draft',
    (r) => canWithdrawArticle(actor(r), own(r, 'review')),
    ['contributor', 'author', 'editor', 'admin'],
  ],
  [
    'withdraw own submission an editor has saved since',
    (r) => canWithdrawArticle(actor(r), { ...own(r, 'review'), lastEditedBy: 'editor-id' }),
    ['editor'],
  ],
  ['withdraw someone else’s submission', (r) => canWithdrawArticle(actor(r), others('review')), []],
  [
    'list anyone’s articles in the back office',
    (r) => canListAnyonesArticles(actor(r)),
    ['author', 'editor', 'admin'],
  ],
  ['open anyone’s draft', (r) => canOpenArticle(actor(r), others('draft')), ['editor', 'admin']],
  ['edit anyone’s draft', (r) => canEditArticle(actor(r), others('draft')), ['editor', 'admin']],
  [
    'publish anyone’s article',
    (r) => canPublishArticle(actor(r), others('review')),
    ['editor', 'admin'],
  ],
  ['review submissions', (r) => canReviewArticles(actor(r)), ['editor', 'admin']],
  ['categories, tags, media, pages', (r) => canManageCategories(actor(r)), ['editor', 'admin']],
  ['corrections', (r) => canAddCorrections(actor(r)), ['editor', 'admin']],
  [
    'run live coverage of own article',
    (r) => canRunLiveCoverage(actor(r), own(r, 'published')),
    ['author', 'editor', 'admin'],
  ],
  [
    'run live coverage of anyone’s article',
    (r) => canRunLiveCoverage(actor(r), others('published')),
    ['editor', 'admin'],
  ],
  [
    'send entries to anyone’s published live article',
    (r) => canSubmitLiveEntry(actor(r), others('published')),
    ['contributor', 'author', 'editor', 'admin'],
  ],
  [
    'send entries to anyone’s draft',
    (r) => canSubmitLiveEntry(actor(r), others('draft')),
    ['editor', 'admin'],
  ],
  [
    'users, settings, subscribers, backups, database',
    (r) => canAdministerSite(actor(r)),
    ['admin'],
  ],
]

describe('access rules', () => {
  for (const [capability, check, roles] of TABLE) {
    it(`${capability}: ${roles.join(', ')}`, () => {
      expect(ROLES.filter(check)).toEqual(roles)
    })
  }

  it('refuses nobody-signed-in everything', () => {
    expect(canUseProfile(null)).toBe(false)
    expect(canDeleteOwnAccount(null)).toBe(false)
    expect(canOpenBackOffice(null)).toBe(false)
    expect(canEditArticle(null, others('draft'))).toBe(false)
    expect(canAdministerSite(undefined)).toBe(false)
  })

  it('treats an article without an author as nobody’s own', () => {
    expect(canEditArticle(actor('author'), { authorId: null, status: 'draft' })).toBe(false)
    expect(canEditArticle(actor('editor'), { authorId: null, status: 'draft' })).toBe(true)
  })

  it('treats every co-author as an author of the article (issue 40)', () => {
    const cowritten = (status: ArticleAccessFacts['status']): ArticleAccessFacts => ({
      authorId: 'lead-writer',
      coAuthorIds: ['someone', 'contributor-id', 'author-id'],
      status,
    })
    const contributor = actor('contributor')
    const author = actor('author')
    expect(canEditArticle(contributor, cowritten('draft'))).toBe(true)
    expect(canEditArticle(contributor, cowritten('review'))).toBe(false)
    expect(canOpenArticle(contributor, cowritten('review'))).toBe(true)
    expect(canPublishArticle(contributor, cowritten('draft'))).toBe(false)
    expect(canPublishArticle(author, cowritten('draft'))).toBe(true)
    expect(canMoveArticleTo(author, cowritten('draft'), 'published')).toBe(true)
    // A co-author takes back a submission a fellow byline sent, not one an editor touched.
    expect(
      canWithdrawArticle(contributor, { ...cowritten('review'), lastEditedBy: 'lead-writer' }),
    ).toBe(true)
    expect(
      canWithdrawArticle(contributor, { ...cowritten('review'), lastEditedBy: 'an-editor' }),
    ).toBe(false)
    // Someone who is no byline gains nothing from the list.
    const outsider: Actor = { id: 'outsider', role: 'author' }
    expect(canEditArticle(outsider, cowritten('draft'))).toBe(false)
    expect(canOpenArticle(outsider, cowritten('draft'))).toBe(false)
  })
})
