import { describe, expect, it } from 'vitest'
import { expectUnexpectedFailure, post } from '../../tests/setup/admin-fixtures'
import { action } from './_site.newsletter'

describe('/newsletter when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const body = await expectUnexpectedFailure(
      action,
      post(null, '/newsletter', { email: 'reader@example.com', list: '1' }),
      { table: 'newsletter_subscribers' },
    )
    expect(body.toast).toBeUndefined()
    expect(body.message).toBeUndefined()
  })
})
