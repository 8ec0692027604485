import crypto from 'node:crypto'
import { expect, test } from '@playwright/test'
import { VIMEO_ARTICLE } from './site-support'

// A reader of its own (the e2e browsers all share one address and, otherwise, one user agent),
// so that other journeys' page views take nothing from its pace.
test.use({
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 beacon-${crypto.randomUUID()}`,
})

test('a reader’s page sends its view beacon; a burst far beyond a reader’s pace is refused with 429', async ({
  page,
}) => {
  const beacon = page.waitForResponse(
    (response) => response.url().endsWith('/api/views') && response.request().method() === 'POST',
  )
  await page.goto(`/article/${VIMEO_ARTICLE.slug}`)
  const sent = await beacon
  expect(sent.status()).toBe(204)
  const article = new URLSearchParams(sent.request().postData() ?? '').get('article')
  expect(Number(article)).toBeGreaterThan(0)

  // 70 beacons at once: whatever the minute's window, at most 2 × 30 are taken.
  const answers = await Promise.all(
    Array.from({ length: 70 }, () =>
      page.request.post('/api/views', { form: { article: String(article) } }),
    ),
  )
  const refused = answers.filter((answer) => answer.status() === 429)
  expect(refused.length).toBeGreaterThanOrEqual(10)
  expect(Number(refused[0].headers()['retry-after'])).toBeGreaterThanOrEqual(1)
  expect(await refused[0].text()).toBe(
    'Too many page views from this reader. Try again in a minute.',
  )
  expect(answers.every((answer) => [204, 429].includes(answer.status()))).toBe(true)
})
