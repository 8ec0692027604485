import { describe, expect, it } from 'vitest'
import { signInPathFrom } from './sign-in-path'

describe('signInPathFrom', () => {
  it('carries the page the reader was on, encoded', () => {
    expect(signInPathFrom('/article/harbour-vote?ref=home')).toBe(
      '/signin?redirectTo=%2Farticle%2Fharbour-vote%3Fref%3Dhome',
    )
  })

  it('carries nothing from home, the sign-in pages or another site', () => {
    expect(signInPathFrom('/')).toBe('/signin')
    expect(signInPathFrom('/signin?redirectTo=%2Fprofile')).toBe('/signin')
    expect(signInPathFrom('/signup')).toBe('/signin')
    expect(signInPathFrom('//evil.example/x')).toBe('/signin')
  })
})
