import { describe, expect, it } from 'vitest'
import type { Actor, Role } from '~/domain/access/access-rules'
import {
  ACCESS_MESSAGES,
  defaultAccessState,
  normalizeAccess,
  postedAccess,
  sameAccess,
} from './article-access'
import { refuseFieldChanges, type ArticleFieldState } from './article-field-rules'
import { articleFormSchema, articleFormValues } from './articles-schema'

const body = { title: 'Council budget', content: '<p>Body</p>' }

function form(entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [name, value] of [...Object.entries(body), ...entries]) data.append(name, value)
  return articleFormSchema.safeParse(articleFormValues(data))
}

describe('the access fields of the article form', () => {
  it('reads a members story with its plans, free for now and its preview length', () => {
    const parsed = form([
      ['access', 'members'],
      ['accessPlanIds', '2'],
      ['accessPlanIds', '1'],
      ['freeForNow', 'true'],
      ['previewParagraphs', ' 4 '],
    ])
    expect(parsed.success).toBe(true)
    expect(postedAccess(parsed.data!)).toEqual({
      access: 'members',
      accessPlanIds: [1, 2],
      freeForNow: true,
      previewParagraphs: 4,
    })
  })

  it('reads an empty preview length as the site default and 0 as none', () => {
    expect(
      postedAccess(
        form([
          ['access', 'registered'],
          ['previewParagraphs', ''],
        ]).data!,
      ),
    ).toEqual(defaultAccessState('registered'))
    expect(
      form([
        ['access', 'members'],
        ['previewParagraphs', '0'],
      ]).data?.previewParagraphs,
    ).toBe(0)
  })

  it('leaves the stored level alone when the post names none', () => {
    const parsed = form([])
    expect(parsed.success).toBe(true)
    expect(postedAccess(parsed.data!)).toBeNull()
  })

  it('drops plans and free for now from a story that is not for members', () => {
    const parsed = form([
      ['access', 'registered'],
      ['accessPlanIds', '3'],
      ['freeForNow', 'true'],
    ])
    expect(postedAccess(parsed.data!)).toEqual(defaultAccessState('registered'))
  })

  it('refuses an unknown level, a bad plan id and a preview outside 0–50, under the field', () => {
    const cases: Array<[Array<[string, string]>, string, string]> = [
      [[['access', 'vip']], 'access', ACCESS_MESSAGES.access],
      [
        [
          ['access', 'members'],
          ['accessPlanIds', 'abc'],
        ],
        'accessPlanIds',
        ACCESS_MESSAGES.plan,
      ],
      [
        [
          ['access', 'members'],
          ['accessPlanIds', '0'],
        ],
        'accessPlanIds',
        ACCESS_MESSAGES.plan,
      ],
      [
        [
          ['access', 'members'],
          ['previewParagraphs', '51'],
        ],
        'previewParagraphs',
        ACCESS_MESSAGES.preview,
      ],
      [
        [
          ['access', 'members'],
          ['previewParagraphs', '-1'],
        ],
        'previewParagraphs',
        ACCESS_MESSAGES.preview,
      ],
      [
        [
          ['access', 'members'],
          ['previewParagraphs', '2.5'],
        ],
        'previewParagraphs',
        ACCESS_MESSAGES.preview,
      ],
      [
        [
          ['access', 'members'],
          ['previewParagraphs', 'three'],
        ],
        'previewParagraphs',
        ACCESS_MESSAGES.preview,
      ],
    ]
    for (const [entries, field, message] of cases) {
      const parsed = form(entries)
      expect(parsed.success, JSON.stringify(entries)).toBe(false)
      const issue = parsed.error!.issues.find((i) => i.path[0] === field)
      expect(issue?.message, JSON.stringify(entries)).toBe(message)
    }
  })
})

describe('sameAccess and normalizeAccess', () => {
  it('compares plans as a set and ignores what only members stories keep', () => {
    const a = {
      access: 'members' as const,
      accessPlanIds: [2, 1, 2],
      freeForNow: false,
      previewParagraphs: null,
    }
    expect(normalizeAccess(a).accessPlanIds).toEqual([1, 2])
    expect(sameAccess(a, { ...a, accessPlanIds: [1, 2] })).toBe(true)
    expect(sameAccess(a, { ...a, freeForNow: true })).toBe(false)
    expect(sameAccess(a, { ...a, previewParagraphs: 3 })).toBe(false)
    expect(
      sameAccess(
        { ...defaultAccessState('everyone'), freeForNow: true, accessPlanIds: [4] },
        defaultAccessState('everyone'),
      ),
    ).toBe(true)
  })
})

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
    categoryId: 1,
    categoryAccess: 'everyone',
    access: defaultAccessState('everyone'),
    ...extra,
  }
}

const members = { ...defaultAccessState('members'), accessPlanIds: [1] }
const codeOf = (actor: Actor, before: ArticleFieldState | null, after: ArticleFieldState) =>
  refuseFieldChanges(actor, before, after)?.code ?? null

describe('who may change who reads an article (field rules)', () => {
  it('gives the access level to whoever may publish the article', () => {
    const contributor = as('contributor')
    const author = as('author')
    for (const change of [
      { access: members },
      { access: defaultAccessState('registered') },
      { access: { ...members, freeForNow: true } },
      { access: { ...defaultAccessState('everyone'), previewParagraphs: 5 } },
    ]) {
      expect(codeOf(contributor, draftOf(contributor.id), draftOf(contributor.id, change))).toBe(
        'ACCESS_REFUSED',
      )
      expect(codeOf(contributor, null, draftOf(contributor.id, change))).toBe('ACCESS_REFUSED')
      expect(codeOf(author, draftOf(author.id), draftOf(author.id, change))).toBeNull()
      // Someone else's article: an author may not even edit it; an editor may.
      expect(codeOf(as('editor'), draftOf('x'), draftOf('x', change))).toBeNull()
    }
    // Back to everyone is a change as much as away from it.
    const gated = draftOf(contributor.id, { access: members })
    expect(codeOf(contributor, gated, draftOf(contributor.id))).toBe('ACCESS_REFUSED')
  })

  it('lets a contributor start at, and follow, her category’s default', () => {
    const contributor = as('contributor')
    const opinion = { categoryId: 2, categoryAccess: 'members' as const }
    // A new article in a members category starts as a members story.
    expect(
      codeOf(
        contributor,
        null,
        draftOf(contributor.id, { ...opinion, access: defaultAccessState('members') }),
      ),
    ).toBeNull()
    // Moved to a category for everyone, it takes that default along.
    const before = draftOf(contributor.id, { ...opinion, access: defaultAccessState('members') })
    expect(codeOf(contributor, before, draftOf(contributor.id))).toBeNull()
    // Moved, but to a level that is not the new category's default: a choice, refused.
    expect(
      codeOf(
        contributor,
        before,
        draftOf(contributor.id, { access: defaultAccessState('registered') }),
      ),
    ).toBe('ACCESS_REFUSED')
    // Kept as it was while the category moves: no change.
    expect(
      codeOf(contributor, before, draftOf(contributor.id, { access: before.access })),
    ).toBeNull()
  })
})
