import { sql } from 'drizzle-orm'
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { startTestServer, type TestServer } from '../setup/app-server'
import { createTestUser, sessionCookie, TEST_SITE_URL } from '../setup/auth-fixtures'
import { insertArticle, insertCategory, insertTag } from '../setup/content-fixtures'
import naughty from '../setup/naughty-strings.json'

/*
 * Hostile text through every text field of every form, readers' and staff's, over HTTP through
 * the whole server: the Big List of Naughty Strings (tests/setup/naughty-strings.json) and the
 * values below. For each (string, field): no 5xx; either the form takes it and the stored text
 * reads back exactly as posted (after the field's own documented normalisation: trimmed, or
 * for a byline one line of text), or it is refused with a 4xx that says why; and wherever the
 * stored value is shown, it is escaped. `__proto__` and `constructor[prototype]` keys are
 * posted to every form too, and must pollute nothing.
 *
 * CI runs every 32nd string of the list and every special value; HOSTILE_FULL=1 runs them all
 * (docs/security.md, "Hostile text").
 */

const FULL = process.env.HOSTILE_FULL === '1'
/** CI's fixed sample: every STRIDE-th string of the list (HOSTILE_STRIDE, default 32). */
const STRIDE = FULL ? 1 : Number(process.env.HOSTILE_STRIDE ?? 32)
const MiB = 1024 * 1024

const SPECIAL: [string, string][] = [
  ['NUL', 'before\0after'],
  ['lone high surrogate', 'before\uD800after'],
  ['lone low surrogate', '\uDC00'],
  ['1 MiB', 'a'.repeat(MiB)],
  ['right-to-left override', 'file\u202Etxt.exe'],
  ['right-to-left marks', '\u200Fمرحبا\u200E hello \u2067שלום\u2069'],
  ['template {{ }}', '{{7*7}}'],
  ['template ${ }', '${7*7}'],
  ['template #{ } and <%= %>', '#{7*7} <%= 7*7 %>'],
  ['header injection', 'a\r\nSet-Cookie: pwned=1'],
  ['script', '<script>alert(1)</script>'],
  ['attribute break-out', '"><img src=x onerror=alert(1)>'],
  ['only white space', ' \t\r\n '],
]

/** Over the 2 MiB form limit: refused whole, whatever the field (server/input-hygiene.ts). */
const HUGE = 'b'.repeat(10 * MiB)

const LIST = naughty.strings as string[]
const SAMPLE: [string, string][] = [
  ...LIST.map((value, i) => [`blns #${i}`, value] as [string, string]).filter(
    (_entry, i) => i % STRIDE === 0,
  ),
  ...SPECIAL,
]

/** Percent-encoding as a browser would send it, except that a lone surrogate is sent as its
 * own (invalid) UTF-8 bytes instead of U+FFFD, so the server sees what was meant. */
function encode(value: string): string {
  if (!/[\uD800-\uDFFF]/.test(value)) return encodeURIComponent(value).replace(/%20/g, '+')
  let out = ''
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(value.slice(i, i + 2))
        i += 1
        continue
      }
    }
    if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
      continue
    }
    out += encodeURIComponent(value[i]).replace(/%20/g, '+')
  }
  return out
}

function formBody(fields: [string, string][]): string {
  return fields.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')
}

type Who = 'anonymous' | 'viewer' | 'admin'

interface Field {
  /** The form field the hostile value goes into. */
  name: string
  /** The stored text, read straight from the database; absent: nothing to read back. */
  readBack?: () => Promise<string | null>
  /** What the field does to any text it stores (documented in its schema). */
  normalise?: (value: string) => string | null
  /** A page showing the stored value, checked for it unescaped. */
  shownAt?: () => string
  /** Rich text (sanitised HTML): only script must not come back raw. */
  html?: boolean
  /** Plain words the field takes (default "Plain words N"). */
  control?: string
}

interface Form {
  name: string
  who: Who
  path: () => string
  fields: Field[]
  /** The rest of a valid post. */
  base: () => Record<string, string>
}

const trim = (value: string) => value.trim()
/** profile-schema lineOfText: runs of white space become one space, control characters go. */
const lineOfText = (value: string) =>
  value
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim() || null

let server: TestServer
const cookies: Record<Who, string | null> = { anonymous: null, viewer: null, admin: null }
const ids = {} as Record<'category' | 'tag' | 'draft' | 'published', number> & {
  publishedSlug: string
  adminId: string
  viewerId: string
  image: string
}

async function one(query: ReturnType<typeof sql>): Promise<string | null> {
  const result = await getDb().execute<{ value: string | null }>(query)
  return result.rows[0]?.value ?? null
}

const FORMS: Form[] = [
  // The reader's forms.
  {
    name: 'sign-up',
    who: 'anonymous',
    path: () => '/signup',
    base: () => ({ email: 'hostile-signup@example.com', password: 'a-long-enough-password' }),
    fields: [{ name: 'email' }, { name: 'password' }],
  },
  {
    name: 'sign-in',
    who: 'anonymous',
    path: () => '/signin',
    base: () => ({ email: 'nobody@example.com', password: 'wrong-password' }),
    fields: [{ name: 'email' }, { name: 'password' }, { name: 'redirectTo' }],
  },
  {
    name: 'forgotten password',
    who: 'anonymous',
    path: () => '/forgot-password',
    base: () => ({ email: 'nobody@example.com' }),
    fields: [{ name: 'email' }],
  },
  {
    name: 'magic link',
    who: 'anonymous',
    path: () => '/magic-link',
    base: () => ({ email: 'nobody@example.com' }),
    fields: [{ name: 'email' }],
  },
  {
    name: 'newsletter',
    who: 'anonymous',
    path: () => '/newsletter',
    // List 1: the seeded "Breaking news"; a sign-up ticks at least one list.
    base: () => ({ email: 'reader@example.com', list: '1' }),
    fields: [{ name: 'email' }],
  },
  {
    name: 'profile: username',
    who: 'viewer',
    path: () => '/profile',
    base: () => ({ intent: 'username', username: 'a-reader' }),
    fields: [
      {
        name: 'username',
        control: 'plain-words',
        readBack: () => one(sql`select username as value from profiles where id = ${ids.viewerId}`),
        normalise: trim,
        shownAt: () => '/profile',
      },
    ],
  },
  // The newsroom's forms.
  {
    name: 'category',
    who: 'admin',
    path: () => '/admin/categories',
    base: () => ({
      intent: 'update',
      id: String(ids.category),
      name: 'Hostile section',
      slug: 'hostile-section',
      description: 'About it',
    }),
    fields: [
      {
        name: 'name',
        readBack: () => one(sql`select name as value from categories where id = ${ids.category}`),
        normalise: trim,
        shownAt: () => '/admin/categories',
      },
      { name: 'slug' },
      {
        name: 'description',
        readBack: () =>
          one(sql`select description as value from categories where id = ${ids.category}`),
        normalise: (value) => value.trim() || null,
        shownAt: () => '/admin/categories',
      },
    ],
  },
  {
    name: 'tag',
    who: 'admin',
    path: () => '/admin/tags',
    base: () => ({ intent: 'update', id: String(ids.tag), name: 'Hostile tag' }),
    fields: [
      {
        name: 'name',
        readBack: () => one(sql`select name as value from tags where id = ${ids.tag}`),
        normalise: trim,
        shownAt: () => '/admin/tags',
      },
    ],
  },
  {
    name: 'article',
    who: 'admin',
    path: () => `/admin/edit-article/${ids.draft}`,
    base: () => ({
      title: 'Hostile story',
      content: '<p>Words.</p>',
      excerpt: '',
      status: 'draft',
      categoryId: 'none',
    }),
    fields: [
      {
        name: 'title',
        readBack: () => one(sql`select title as value from articles where id = ${ids.draft}`),
        normalise: trim,
        shownAt: () => `/admin/edit-article/${ids.draft}`,
      },
      {
        name: 'excerpt',
        readBack: () => one(sql`select excerpt as value from articles where id = ${ids.draft}`),
        normalise: trim,
        shownAt: () => `/admin/preview/${ids.draft}`,
      },
      { name: 'content', html: true, shownAt: () => `/admin/preview/${ids.draft}` },
      { name: 'newTags' },
      { name: 'videoUrl' },
      { name: 'featuredImage' },
      { name: 'publishedAt' },
    ],
  },
  {
    name: 'page',
    who: 'admin',
    path: () => '/admin/pages/about',
    base: () => ({ intent: 'save', title: 'About us', content: '<p>Who we are.</p>' }),
    fields: [
      {
        name: 'title',
        readBack: () => one(sql`select title as value from static_pages where slug = 'about'`),
        normalise: trim,
        shownAt: () => '/about',
      },
      { name: 'content', html: true, shownAt: () => '/about' },
    ],
  },
  {
    name: 'correction',
    who: 'admin',
    path: () => `/admin/articles/${ids.published}/corrections`,
    base: () => ({ intent: 'add', text: 'A date was wrong.', correctedAt: '' }),
    fields: [
      {
        name: 'text',
        readBack: () =>
          one(
            sql`select text as value from article_corrections where article_id = ${ids.published} order by id desc limit 1`,
          ),
        normalise: trim,
        shownAt: () => `/article/${ids.publishedSlug}`,
      },
      { name: 'correctedAt' },
    ],
  },
  {
    name: 'breaking news',
    who: 'admin',
    path: () => `/admin/articles/${ids.published}/breaking-news`,
    base: () => ({ intent: 'until', until: new Date(Date.now() + 3_600_000).toISOString() }),
    fields: [{ name: 'until' }],
  },
  {
    name: 'media alt text',
    who: 'admin',
    path: () => '/admin/media',
    base: () => ({ intent: 'update-image', name: ids.image, alt: 'A view', caption: '' }),
    fields: [
      {
        name: 'alt',
        readBack: () => one(sql`select alt as value from media_files where name = ${ids.image}`),
        normalise: trim,
        shownAt: () => '/admin/media',
      },
      {
        name: 'caption',
        readBack: () =>
          one(sql`select caption as value from media_files where name = ${ids.image}`),
        normalise: trim,
        shownAt: () => '/admin/media',
      },
    ],
  },
  {
    name: 'settings: logo',
    who: 'admin',
    path: () => '/admin/settings',
    base: () => ({ intent: 'logo', logoType: 'text', logoText: 'Broadsheet' }),
    fields: [
      {
        name: 'logoText',
        readBack: () => one(sql`select logo_text as value from site_settings limit 1`),
        normalise: trim,
        shownAt: () => '/',
      },
      { name: 'logoTextColor' },
      { name: 'logoFontFamily' },
      { name: 'logoFontUrl' },
    ],
  },
  {
    name: 'settings: social link',
    who: 'admin',
    path: () => '/admin/settings',
    base: () => ({
      intent: 'social-add',
      platform: 'Elsewhere',
      url: 'https://example.com/us',
      icon: 'github',
    }),
    fields: [
      {
        name: 'platform',
        readBack: () =>
          one(sql`select platform as value from social_links order by id desc limit 1`),
        normalise: trim,
        shownAt: () => '/admin/settings',
      },
      { name: 'url' },
      { name: 'icon' },
    ],
  },
  {
    name: 'settings: editorial',
    who: 'admin',
    path: () => '/admin/settings',
    base: () => ({
      intent: 'editorial',
      timeZone: 'Europe/Paris',
      revisionsKept: '50',
      breakingNewsHours: '12',
    }),
    fields: [{ name: 'timeZone' }, { name: 'revisionsKept' }],
  },
  {
    name: 'user role',
    who: 'admin',
    path: () => '/admin/users',
    base: () => ({ intent: 'set-role', userId: ids.viewerId, role: 'viewer' }),
    fields: [{ name: 'userId' }, { name: 'role' }],
  },
  {
    name: 'profile: byline',
    who: 'admin',
    path: () => '/profile',
    base: () => ({ intent: 'author-profile', displayName: 'A. Writer', bio: '' }),
    fields: [
      {
        name: 'displayName',
        readBack: () =>
          one(sql`select display_name as value from profiles where id = ${ids.adminId}`),
        normalise: lineOfText,
        shownAt: () => '/profile',
      },
      {
        name: 'bio',
        readBack: () => one(sql`select bio as value from profiles where id = ${ids.adminId}`),
        normalise: lineOfText,
        shownAt: () => '/profile',
      },
    ],
  },
]

beforeAll(async () => {
  // Every post comes from its own address (through one trusted proxy), so the per-address
  // limits of sign-up and sign-in do not turn the run into a run of 429s.
  process.env.TRUST_PROXY = '1'
  resetEnvCache()
  server = await startTestServer()
  const admin = await createTestUser({ role: 'admin' })
  const viewer = await createTestUser({ role: 'viewer' })
  cookies.admin = await sessionCookie(admin)
  cookies.viewer = await sessionCookie(viewer)
  const category = await insertCategory()
  const tag = await insertTag()
  const draft = await insertArticle({ authorId: admin.id, status: 'draft' })
  const published = await insertArticle({ authorId: admin.id })
  await getDb().insert(mediaFiles).values({
    bucket: 'media',
    name: 'hostile-1.webp',
    kind: 'image',
    contentType: 'image/webp',
    size: 100,
    width: 10,
    height: 10,
    uploadedBy: admin.id,
  })
  Object.assign(ids, {
    category: category.id,
    tag: tag.id,
    draft: draft.id,
    published: published.id,
    publishedSlug: published.slug,
    adminId: admin.id,
    viewerId: viewer.id,
    image: 'hostile-1.webp',
  })
})

afterAll(async () => {
  await server?.close()
  delete process.env.TRUST_PROXY
  resetEnvCache()
})

let address = 0
/** A client address of its own for each post. */
function nextAddress() {
  address += 1
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
}

interface Outcome {
  status: number
  /** A 4xx's reason, as the form would show it; '' when there is none. */
  message: string
}

async function post(form: Form, fields: [string, string][]): Promise<Outcome> {
  const headers: Record<string, string> = {
    origin: TEST_SITE_URL,
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': nextAddress(),
  }
  const cookie = cookies[form.who]
  if (cookie) headers.cookie = cookie
  const body = formBody(fields)
  const response = await server
    .fetch(`${form.path()}.data`, { method: 'POST', headers, body })
    .catch((error: Error) => {
      throw new Error(`${form.name} (${body.length} bytes): ${error.message}`)
    })
  if (response.headers.get('x-remix-response') !== 'yes') {
    return { status: response.status, message: (await response.text()).trim() }
  }
  const decoded = await decodeTurboStream(response.body!, globalThis)
  await decoded.done
  const value = decoded.value as { data?: unknown; error?: unknown }
  return { status: response.status, message: messageOf(value.data ?? value.error) }
}

/** What a refusal tells the person who posted: field errors, the form's error, a toast. */
function messageOf(result: unknown): string {
  if (!result || typeof result !== 'object') return typeof result === 'string' ? result : ''
  const r = result as {
    fieldErrors?: Record<string, string[] | string | undefined>
    formError?: string
    toast?: { title?: string; description?: string }
    message?: string
    data?: unknown
  }
  const parts = [
    ...Object.values(r.fieldErrors ?? {}).flat(),
    r.formError,
    r.toast?.description ?? r.toast?.title,
    r.message,
  ].filter((part): part is string => typeof part === 'string' && part.trim() !== '')
  if (parts.length === 0 && r.data) return messageOf(r.data)
  return parts.join(' / ')
}

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item)
    }),
  )
}

async function page(who: Who, path: string): Promise<{ status: number; html: string }> {
  const headers: Record<string, string> = {}
  if (cookies[who]) headers.cookie = cookies[who]!
  const response = await server.fetch(path, { headers })
  return { status: response.status, html: await response.text() }
}

/** Markup in a value: the start of a tag, a comment or a processing instruction. */
const TAG = /<[a-z!/?]/i

/**
 * Whether `html` carries `value` as it was posted, where it could be markup: plain text with a
 * tag in it must come back escaped; rich text may keep its tags, never a script.
 */
function shownRaw(html: string, value: string, rich: boolean): boolean {
  return (rich ? /<script/i : TAG).test(value) && html.includes(value)
}

describe('hostile text through every text field of every form', () => {
  it('gives no 5xx; stores text exactly or refuses it with a 4xx and a message; escapes it', async () => {
    const serverErrors: string[] = []
    const altered: string[] = []
    const silent: string[] = []
    const unescaped: string[] = []
    const controls: string[] = []
    let posts = 0
    const fields = FORMS.flatMap((form) => form.fields.map((field) => ({ form, field })))
    // 10 MiB is refused before any field is read: once per form is enough.
    const hugeStarted = performance.now()
    for (const form of FORMS) {
      const huge = await post(form, Object.entries({ ...form.base(), [form.fields[0].name]: HUGE }))
      posts += 1
      if (huge.status !== 413 || !huge.message) {
        serverErrors.push(`${form.name} ← 10 MiB: ${huge.status} ${huge.message}`)
      }
    }
    if (process.env.HOSTILE_TIMES)
      console.info('10 MiB', Math.round(performance.now() - hugeStarted))
    // Forms run side by side (each on its own rows), fields of one form one after another.
    await inParallel(FORMS, 4, async (form) => {
      const started = performance.now()
      for (const field of form.fields) {
        // The control: plain words go in and come back, so the form is really reached.
        const control = field.control ?? `Plain words ${fields.findIndex((f) => f.field === field)}`
        if (field.readBack) {
          const outcome = await post(
            form,
            Object.entries({ ...form.base(), [field.name]: control }),
          )
          const stored = await field.readBack()
          if (outcome.status >= 400 || stored !== control) {
            controls.push(`${form.name} ${field.name}: ${outcome.status} ${outcome.message}`)
          }
        }
        for (const [label, value] of SAMPLE) {
          const what = `${form.name} ${field.name} ← ${label}`
          const outcome = await post(form, Object.entries({ ...form.base(), [field.name]: value }))
          posts += 1
          if (outcome.status >= 500) {
            serverErrors.push(`${what}: ${outcome.status}`)
            continue
          }
          if (outcome.status >= 400) {
            if (!outcome.message) silent.push(`${what}: ${outcome.status} without a message`)
            continue
          }
          if (!field.readBack && !field.shownAt) continue
          const expected = field.normalise ? field.normalise(value) : value
          if (field.readBack) {
            const stored = await field.readBack()
            if (stored !== expected) {
              altered.push(
                `${what}: stored ${JSON.stringify(stored?.slice(0, 80))}, posted ${JSON.stringify(value.slice(0, 80))}`,
              )
            }
          }
          if (field.shownAt && expected && (field.html ? /<script/i : TAG).test(expected)) {
            const shown = await page(form.who, field.shownAt())
            if (shown.status >= 500) {
              serverErrors.push(`${what}: GET ${field.shownAt()} ${shown.status}`)
            } else if (shownRaw(shown.html, expected, !!field.html)) {
              unescaped.push(`${what}: raw on ${field.shownAt()}`)
            }
          }
        }
      }
      if (process.env.HOSTILE_TIMES) {
        console.info(form.name, Math.round(performance.now() - started))
      }
    })
    console.info(
      `hostile text: ${SAMPLE.length + 1} strings × ${fields.length} fields (${FORMS.length} forms), ` +
        `${posts} posts; 5xx ${serverErrors.length}, altered ${altered.length}, ` +
        `refused without a message ${silent.length}, unescaped ${unescaped.length}`,
    )
    expect(controls).toEqual([])
    expect(serverErrors).toEqual([])
    expect(altered).toEqual([])
    expect(silent).toEqual([])
    expect(unescaped).toEqual([])
  }, 900_000)

  it('escapes the search words it shows back, on the page and in the API', async () => {
    const problems: string[] = []
    for (const [label, value] of SAMPLE) {
      if (value.length > 4096) continue
      // Between two markers, so that the words found raw are these words and no others (a lone
      // quote is in every page; inside the page's JSON a double quote is escaped, and the
      // marker before it with it). A single quote is harmless raw, in text and in JSON.
      const words = `zqx${value}xqz`
      const query = `q=${encode(words)}`
      for (const path of [`/search?${query}`, `/api/search?${query}`, `/search.data?${query}`]) {
        const shown = await page('anonymous', path)
        if (shown.status >= 500) problems.push(`${label} ${path.slice(0, 20)}: ${shown.status}`)
        else if (path.startsWith('/search?') && /[<>"]/.test(value) && shown.html.includes(words)) {
          problems.push(`${label}: raw on the search page`)
        }
      }
    }
    expect(problems).toEqual([])
  }, 300_000)

  it('lets no __proto__ or constructor[prototype] key pollute anything', async () => {
    const keys: [string, string][] = [
      ['__proto__', 'polluted'],
      ['__proto__[polluted]', 'yes'],
      ['constructor[prototype][polluted]', 'yes'],
      ['constructor.prototype.polluted', 'yes'],
    ]
    const serverErrors: string[] = []
    for (const form of FORMS) {
      const outcome = await post(form, [...Object.entries(form.base()), ...keys])
      if (outcome.status >= 500) serverErrors.push(`${form.name}: ${outcome.status}`)
      for (const [key, value] of keys) {
        const alone = await post(form, [[key, value]])
        if (alone.status >= 500) serverErrors.push(`${form.name} ${key} alone: ${alone.status}`)
      }
    }
    expect(serverErrors).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  }, 300_000)
})
