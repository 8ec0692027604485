import { describe, expect, it } from 'vitest'
import {
  authorFeedPath,
  authorPath,
  bylineName,
  bylineText,
  joinNames,
  toBylineAuthors,
  initialsOf,
  isPersonByline,
  STAFF_BYLINE,
  toBylineAuthor,
} from './byline'

describe('toBylineAuthor', () => {
  it('names the author and links their page', () => {
    expect(toBylineAuthor({ authorName: 'Maya Okafor', authorUsername: 'maya' })).toEqual({
      name: 'Maya Okafor',
      username: 'maya',
      path: '/author/maya',
    })
  })

  it('is null for an article without an author (the page says Anonymous)', () => {
    expect(toBylineAuthor({ authorName: null, authorUsername: null })).toBeNull()
  })

  it('has no page to link for an account without a username', () => {
    expect(toBylineAuthor({ authorName: 'Desk', authorUsername: null })?.path).toBeNull()
  })
})

describe('the byline rule (issue 42: a fresh site read "By admin")', () => {
  it('is the display name, else Staff: never the username', () => {
    expect(bylineName('Maya Okafor')).toBe('Maya Okafor')
    expect(bylineName('  Maya Okafor ')).toBe('Maya Okafor')
    expect(bylineName('')).toBe(STAFF_BYLINE)
    expect(bylineName('   ')).toBe('Staff')
    expect(bylineName(null)).toBe('Staff')
  })

  it('does not link Staff to the account’s page, which sits under its username', () => {
    expect(toBylineAuthor({ authorName: 'Staff', authorUsername: 'admin' })).toEqual({
      name: 'Staff',
      username: null,
      path: null,
    })
  })

  it('credits a person only when the byline names one', () => {
    expect(isPersonByline('Maya Okafor')).toBe(true)
    expect(isPersonByline('Staff')).toBe(false)
    expect(isPersonByline(null)).toBe(false)
  })
})

describe('authorPath', () => {
  it('escapes what a path segment cannot hold', () => {
    expect(authorPath('night_editor')).toBe('/author/night_editor')
    expect(authorPath('a b/c')).toBe('/author/a%20b%2Fc')
    expect(authorFeedPath('maya')).toBe('/author/maya/rss.xml')
  })
})

describe('initialsOf', () => {
  it('takes the first and last words', () => {
    expect(initialsOf('Maya Okafor')).toBe('MO')
    expect(initialsOf('Ana María de la Cruz')).toBe('AC')
    expect(initialsOf('night_editor')).toBe('NE')
    expect(initialsOf('desk')).toBe('D')
    expect(initialsOf('élodie')).toBe('É')
    expect(initialsOf('  ')).toBe('')
  })
})

describe('co-authors (issue 40)', () => {
  it('joins names as a byline reads', () => {
    expect(joinNames([])).toBe('')
    expect(joinNames(['Ana'])).toBe('Ana')
    expect(joinNames(['Ana', 'Ben'])).toBe('Ana and Ben')
    expect(joinNames(['Ana', 'Ben', 'Cai'])).toBe('Ana, Ben and Cai')
    expect(joinNames(['Ana', 'Ben', 'Cai', 'Dee'])).toBe('Ana, Ben, Cai and Dee')
  })

  it('writes "By …", Anonymous without an author', () => {
    expect(bylineText([{ name: 'Ana' }, { name: 'Ben' }])).toBe('By Ana and Ben')
    expect(bylineText([{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cai' }])).toBe(
      'By Ana, Ben and Cai',
    )
    expect(bylineText([])).toBe('By Anonymous')
  })

  it('keeps the order, links people, and names the newsroom once', () => {
    expect(
      toBylineAuthors([
        { name: 'Ben Ode', username: 'ben' },
        { name: 'Staff', username: 'admin' },
        { name: 'Ana Lim', username: 'ana' },
        { name: 'Staff', username: 'desk' },
      ]),
    ).toEqual([
      { name: 'Ben Ode', username: 'ben', path: '/author/ben' },
      { name: 'Staff', username: null, path: null },
      { name: 'Ana Lim', username: 'ana', path: '/author/ana' },
    ])
  })
})
