import { describe, expect, it } from 'vitest'
import { domainErrors } from '~/domain/domain-error'
import { describeFailure, failureFrom } from './action-results.server'
import { notFound } from './http-answers.server'

class SampleError extends domainErrors('SampleError', {
  TOO_MANY: 429,
  BAD_TITLE: 400,
  GONE: 410,
}) {}

const context = { requestId: 'test-request' }

describe('the failure mapping every action shares', () => {
  it('sends a limit’s wait as Retry-After, whatever the area that refused', async () => {
    const answer = failureFrom(new SampleError('TOO_MANY', 'Slow down.', { retryAfter: 42 }), {
      context,
    })
    expect(answer.init?.status).toBe(429)
    expect(new Headers(answer.init?.headers).get('Retry-After')).toBe('42')
    expect(answer.data).toMatchObject({ ok: false, code: 'TOO_MANY', formError: 'Slow down.' })
  })

  it('adds no Retry-After to a refusal that is not a limit', () => {
    const { status, headers, body } = describeFailure(new SampleError('GONE', 'Gone.'), {
      context,
    })
    expect(status).toBe(410)
    expect(headers).toEqual({})
    expect(body.formError).toBe('Gone.')
  })

  it('puts a field’s refusal under the field, and a titled one in a toast', () => {
    const field = describeFailure(
      new SampleError('BAD_TITLE', 'Title is required', { field: 'title' }),
      { context },
    )
    expect(field.body.fieldErrors).toEqual({ title: ['Title is required'] })
    expect(field.body.formError).toBeUndefined()
    const toast = describeFailure(new SampleError('GONE', 'Gone.'), { context, title: 'Error' })
    expect(toast.body.toast).toEqual({ type: 'error', title: 'Error', description: 'Gone.' })
  })

  it('answers 500 with the generic sentence for anything that is not a domain error', () => {
    const { status, body, headers } = describeFailure(new Error('database on fire'), { context })
    expect(status).toBe(500)
    expect(body.formError).not.toContain('fire')
    expect(headers).toEqual({})
  })

  it('throws a guard’s Response on instead of describing it', () => {
    const redirect = new Response(null, { status: 302, headers: { Location: '/signin' } })
    expect(() => describeFailure(redirect, { context })).toThrow()
  })

  it('throws a not-found answer on, as it was thrown, instead of logging a 500', () => {
    const thrownBy = (fn: () => unknown) => {
      try {
        fn()
      } catch (thrown) {
        return thrown
      }
      throw new Error('expected a throw')
    }
    const answer = thrownBy(() => notFound('No such article'))
    expect(thrownBy(() => describeFailure(answer, { context }))).toBe(answer)
    // Something shaped like it but not thrown by notFound is a failure like any other.
    const lookalike = { data: { ok: false }, init: { status: 404 } }
    expect(describeFailure(lookalike, { context }).status).toBe(500)
  })
})
