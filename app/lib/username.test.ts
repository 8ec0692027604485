import { describe, expect, it } from 'vitest'
import { isReservedUsername, usernameKey } from './username'

describe('usernameKey', () => {
  it('folds case, the Greek final sigma included (where toLowerCase and lower() differ)', () => {
    expect(usernameKey('ΟΔΟΣ')).toBe('οδοσ')
    expect(usernameKey('οδος')).toBe('οδοσ')
    expect(usernameKey('Οδοσ')).toBe('οδοσ')
    // What a plain toLowerCase gives: the final form, another name.
    expect('ΟΔΟΣ'.toLowerCase()).toBe('οδος')
  })

  it('takes full-width and compatibility letters as the plain ones (NFKC)', () => {
    expect(usernameKey('ＡＮＮＡ')).toBe('anna')
    expect(usernameKey('ﬁona')).toBe('fiona')
    expect(usernameKey('Ame\u0301lie')).toBe(usernameKey('Amélie'))
  })
})

describe('isReservedUsername', () => {
  it.each([
    'admin',
    'ADMIN',
    'Ａｄｍｉｎ',
    'api',
    'signin',
    'SignUp',
    'profile',
    'anna.data',
    'x.DATA',
  ])('refuses %s', (name) => expect(isReservedUsername(name)).toBe(true))

  it.each(['anna', 'admin-desk', 'data', 'metadata', 'anna.datas'])('accepts %s', (name) =>
    expect(isReservedUsername(name)).toBe(false),
  )
})
