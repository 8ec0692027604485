import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrorsOf, firstFieldError } from './field-errors'

describe('fieldErrorsOf', () => {
  it('keys every message by its top-level field, in order', () => {
    const schema = z.object({
      name: z.string().min(1, 'Name is required').max(3, 'Too long'),
      slug: z.string().regex(/^[a-z]+$/, 'Lowercase letters only'),
    })
    const parsed = schema.safeParse({ name: '', slug: 'A1' })
    expect(parsed.success).toBe(false)
    expect(fieldErrorsOf(parsed.error!)).toEqual({
      name: ['Name is required'],
      slug: ['Lowercase letters only'],
    })
  })

  it('leaves out fields without a problem', () => {
    const parsed = z.object({ a: z.string(), b: z.number() }).safeParse({ a: 'ok', b: 'x' })
    expect(Object.keys(fieldErrorsOf(parsed.error!))).toEqual(['b'])
  })
})

describe('firstFieldError', () => {
  it('is the first message of any field, or undefined', () => {
    expect(firstFieldError({ title: [], slug: ['Slug is required'] })).toBe('Slug is required')
    expect(firstFieldError({})).toBeUndefined()
    expect(firstFieldError(undefined)).toBeUndefined()
  })
})
