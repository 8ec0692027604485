import { describe, expect, it } from 'vitest'
import { platformName } from './platform-name'

describe('platformName', () => {
  it('writes known platforms as they write themselves', () => {
    expect(platformName('linkedin')).toBe('LinkedIn')
    expect(platformName('YOUTUBE')).toBe('YouTube')
    expect(platformName(' x ')).toBe('X')
    expect(platformName('tiktok')).toBe('TikTok')
    expect(platformName('facebook')).toBe('Facebook')
    expect(platformName('github')).toBe('GitHub')
  })

  it('capitalises any other, keeping the rest as typed', () => {
    expect(platformName('substack')).toBe('Substack')
    expect(platformName('myNewsletter')).toBe('MyNewsletter')
    expect(platformName('')).toBe('')
  })
})
