import { describe, expect, it } from 'vitest'
import { settingsActionSchema } from './settings-schema'

// Found by tests/integration/hostile-text.test.ts: an empty (or all white space) logo text was
// taken as "keep the old one", so the Settings screen said "saved" and changed nothing.
describe('the logo form', () => {
  const logo = (fields: Record<string, string>) =>
    settingsActionSchema.safeParse({ intent: 'logo', logoType: 'text', ...fields })

  it('refuses a text logo without text, with a message under the field', () => {
    for (const logoText of ['', ' \t\r\n ', '\u3000']) {
      const result = logo({ logoText })
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['logoText', 'Logo text is required'],
      ])
    }
  })

  it('takes a text logo with text, and an image logo without', () => {
    expect(logo({ logoText: 'The Daily Tide' }).success).toBe(true)
    expect(logo({ logoType: 'image', logoText: '' }).success).toBe(true)
  })
})
