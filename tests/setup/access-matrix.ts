import {
  UNSAFE_decodeViaTurboStream as decodeTurboStream,
  UNSAFE_SingleFetchRedirectSymbol as SingleFetchRedirect,
} from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { articleActionSchema } from '~/domain/articles/articles-schema'
import { EDIT_LOCK_INTENTS } from '~/domain/articles/edit-lock-schema'
import { reviewActionSchema } from '~/domain/articles/review-schema'
import { backupActionSchema } from '~/domain/backup/backup-schema'
import { importActionSchema } from '~/domain/import/import-schema'
import { backgroundWorkActionSchema } from '~/infra/jobs/jobs-schema'
import { integrationActionSchema } from '~/domain/integrations/integrations-schema'
import { webhookActionSchema, webhookLogActionSchema } from '~/domain/webhooks/webhooks-schema'
import { redirectActionSchema } from '~/domain/redirects/redirects-schema'
import { categoryActionSchema } from '~/domain/categories/categories-schema'
import { editionActionSchema } from '~/domain/newspapers/editions-schema'
import { mediaActionSchema } from '~/domain/media/media-schema'
import { correctionActionSchema } from '~/domain/articles/corrections-schema'
import { breakingNewsActionSchema } from '~/domain/articles/breaking-news-schema'
import { revisionActionSchema } from '~/domain/articles/revisions-schema'
import { liveActionSchema } from '~/domain/live/live-schema'
import { subscriberActionSchema } from '~/domain/newsletter/newsletter-admin-schema'
import { issueActionSchema, listActionSchema } from '~/domain/newsletter/lists-schema'
import { pageActionSchema } from '~/domain/pages/pages-schema'
import { planActionSchema } from '~/domain/membership/plans-schema'
import { accessSettingsActionSchema } from '~/domain/membership/access-settings-schema'
import { memberActionSchema, membersActionSchema } from '~/domain/membership/members-schema'
import { settingsActionSchema } from '~/domain/settings/settings-schema'
import { tagActionSchema } from '~/domain/tags/tags-schema'
import { profileActionSchema } from '~/domain/users/profile-schema'
import { userActionSchema } from '~/domain/users/user-roles-schema'
import {
  createTestUser,
  requestAs,
  TEST_SITE_URL,
  sessionCookie,
  testContext,
  toastFrom,
} from './auth-fixtures'
import { startTestServer } from './app-server'
import { insertArticles, type ArticleFields } from './content-fixtures'
import { loadRouteManifest, fakeParams, type ManifestRoute } from './route-manifest'
import { dataAnswerResponse, isDataAnswer } from './route-answers'

/*
 * Who may do what, proven over every route of the app (taken from the route manifest, so a
 * new route fails here until it is classified), for every role and nobody signed in: each
 * loader, and each action intent the route's schema knows plus one it does not (a forged
 * post). The expectations are the newsroom's table of issue 10, written out here on their
 * own — not read from the access rules they check.
 *
 * The probes are many (about 1,000 direct calls and 1,400 requests over HTTP), so the routes are
 * dealt into SHARDS parts, each run by its own file (tests/integration/access-matrix-<n>.test.ts,
 * one Vitest worker each, with its own database and server); tests/integration/access-matrix.test.ts
 * checks the classification and that the parts together cover every route.
 */

export const WHO = ['anonymous', 'viewer', 'contributor', 'author', 'editor', 'admin'] as const
type Who = (typeof WHO)[number]

const EVERYONE: Who[] = [...WHO]
const SIGNED_IN: Who[] = ['viewer', 'contributor', 'author', 'editor', 'admin']
const STAFF: Who[] = ['contributor', 'author', 'editor', 'admin']
const AUTHORS: Who[] = ['author', 'editor', 'admin']
const EDITORS: Who[] = ['editor', 'admin']
const ADMINS: Who[] = ['admin']

/** The caller, and articles made fresh for one probe (a delete must not spoil the next). */
interface Caller {
  who: Who
  id: string | null
  cookie: string | null
  other: string
}
type Articles = Record<
  'ownDraft' | 'ownReview' | 'ownPublished' | 'othersDraft' | 'othersPublished',
  number
>

interface Probe {
  /** What is tried, e.g. "POST delete (someone else's article)". */
  name: string
  method?: 'GET' | 'POST' | 'DELETE'
  query?: string
  params?: (a: Articles) => Record<string, string>
  fields?: (a: Articles, caller: Caller) => Record<string, string>
  /** Who gets past the access check. */
  allowed: Who[]
  /** Sign in afresh for this probe: it may end the session it runs in. */
  freshSession?: boolean
  /**
   * Over HTTP, a document post renders the page after the action, so the page's loader has
   * the last word: who gets past both, when that differs from `allowed`.
   */
  documentAllowed?: Who[]
}

const get = (allowed: Who[], extra: Partial<Probe> = {}): Probe => ({
  name: 'GET',
  allowed,
  ...extra,
})
const post = (name: string, allowed: Who[], fields: Probe['fields'] = () => ({})): Probe => ({
  name: `POST ${name}`,
  method: 'POST',
  allowed,
  fields,
})
const FORGED = 'forged-intent'
const intent = (value: string, allowed: Who[], extra: Record<string, string> = {}) =>
  post(value, allowed, () => ({ intent: value, ...extra }))

/** A valid article form post in `status`, for the article `id` (or a new one). */
function articleForm(status: string, extra: Record<string, string> = {}) {
  return {
    title: 'Matrix story',
    content: '<p>Words for the matrix.</p>',
    excerpt: '',
    status,
    categoryId: 'none',
    ...extra,
  }
}

/** The dashboard's row actions (every intent of the schema) and the list's (delete only). */
const articleRowIntents = (screen: 'dashboard' | 'list'): Probe[] => [
  ...(screen === 'dashboard' ? intentsOf(articleActionSchema) : ['delete']).flatMap((i) => [
    post(`${i} (own article)`, AUTHORS, (a) => ({ intent: i, id: String(a.ownPublished) })),
    post(`${i} (someone else's article)`, EDITORS, (a) => ({
      intent: i,
      id: String(a.othersPublished),
    })),
  ]),
  post(FORGED, STAFF, (a) => ({ intent: FORGED, id: String(a.ownDraft) })),
]

/** Every route file, with what each caller may do there. */
export const MATRIX: Record<string, Probe[]> = {
  // The reader's site: open to all.
  'routes/_site.tsx': [get(EVERYONE)],
  'routes/_site._index.tsx': [get(EVERYONE)],
  'routes/_site.$.tsx': [get(EVERYONE)],
  'routes/_site.about.tsx': [get(EVERYONE)],
  'routes/_site.contact.tsx': [get(EVERYONE)],
  'routes/_site.privacy.tsx': [get(EVERYONE)],
  'routes/_site.terms.tsx': [get(EVERYONE)],
  // The Content API's reference: what the OpenAPI document says, for people.
  'routes/_site.developers.content-api.tsx': [get(EVERYONE)],
  'routes/_site.article.$slug.tsx': [get(EVERYONE)],
  'routes/_site.article.$slug_.entry.$entryId.tsx': [get(EVERYONE)],
  // "Gift this story": a signed-in reader (only a member's post makes a link; others get 400/403
  // from the rule, past the access check).
  'routes/_site.article.$slug_.gift.tsx': [get(SIGNED_IN), post('empty form', SIGNED_IN)],
  'routes/_site.category.$slug.tsx': [get(EVERYONE)],
  'routes/_site.tag.$slug.tsx': [get(EVERYONE)],
  'routes/_site.search.tsx': [get(EVERYONE)],
  'routes/_site.newspapers.tsx': [get(EVERYONE)],
  'routes/_site.newspapers_.$slug.tsx': [get(EVERYONE)],
  // An edition's PDF: public, or for members (anyone else is sent to the edition's page).
  'routes/newspapers.$slug.pdf.tsx': [get(EVERYONE)],
  'routes/_site.corrections.tsx': [get(EVERYONE)],
  // The plans readers can pay for: public, like the rest of the reader's site.
  'routes/_site.subscribe.tsx': [get(EVERYONE)],
  // Stripe's webhooks: the signature is the authority, no session (404 while Stripe is off).
  'routes/api.stripe.webhook.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  // "Subscribe" (to Stripe Checkout) and "Manage billing" (the portal): a reader signed in.
  'routes/subscribe.checkout.tsx': [post('empty form', SIGNED_IN)],
  'routes/profile.billing.tsx': [post('empty form', SIGNED_IN)],
  'routes/api.search.tsx': [get(EVERYONE)],
  // The Content API answers by content key, never by session: everyone without a key gets
  // 401 (tests/integration/content-api.test.ts proves the keys). Its action answers the CORS
  // preflight and refuses every write with 405 (no session changes that), so a post passes
  // the gate for everyone, to that 405.
  'routes/api.content.v1.articles.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.articles_.$idOrSlug.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.categories.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.tags.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.authors.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.pages.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.editions.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.editions_.$slug.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.newsletter-issues.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.newsletter-issues_.$id.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.site.tsx': [get([]), post('a write (405)', EVERYONE)],
  'routes/api.content.v1.openapi[.]json.tsx': [get(EVERYONE)],
  // The Admin API answers by staff token only, never by session: a signed-in browser's cookie
  // opens nothing there, for any role (tests/integration/admin-api.test.ts proves the tokens,
  // roles and scopes). A method a route does not take is a 405 for everyone, before any token.
  'routes/api.admin.v1.articles.tsx': [get([]), post('a new article', [])],
  'routes/api.admin.v1.articles_.$id.tsx': [get([]), post('a POST (405: PATCH writes)', EVERYONE)],
  'routes/api.admin.v1.media.tsx': [get(EVERYONE), post('an upload', [])],
  'routes/api.admin.v1.openapi[.]json.tsx': [get(EVERYONE)],
  'routes/api.breaking-news.tsx': [get(EVERYONE)],
  // A live article's updates: public, like the article.
  'routes/api.live.$id.tsx': [get(EVERYONE, { query: '?since=0' })],
  // The page's view beacon: anyone's page sends it, no session needed.
  'routes/api.views.tsx': [post('empty form', EVERYONE)],
  'routes/rss[.]xml.tsx': [get(EVERYONE)],
  'routes/category.$slug.rss[.]xml.tsx': [get(EVERYONE)],
  'routes/tag.$slug.rss[.]xml.tsx': [get(EVERYONE)],
  'routes/_site.author.$username.tsx': [get(EVERYONE)],
  'routes/author.$username.rss[.]xml.tsx': [get(EVERYONE)],
  'routes/sitemap[.]xml.tsx': [get(EVERYONE)],
  'routes/sitemaps.$name.tsx': [get(EVERYONE)],
  'routes/news-sitemap[.]xml.tsx': [get(EVERYONE)],
  'routes/robots[.]txt.tsx': [get(EVERYONE)],
  // Signing in and out, and the newsletter: open to all (their own rules are tested apart).
  'routes/_site.signin.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  'routes/_site.signup.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  'routes/_site.forgot-password.tsx': [post('empty form', EVERYONE)],
  'routes/_site.reset-password.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  'routes/_site.magic-link.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  'routes/_site.verify-otp.tsx': [post('empty form', EVERYONE)],
  // The second step of a sign-in: with none under way, everyone is sent back to sign in.
  'routes/_site.two-factor.tsx': [
    get([], { name: 'GET (no sign-in under way)' }),
    { ...post('empty form', EVERYONE), documentAllowed: [] },
  ],
  'routes/_site.newsletter.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  // A staff invitation's page: the mailed single-use token is the authority, no sign-in.
  'routes/_site.invitation.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  'routes/_site.newsletter_.confirm.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  // Newsletter preferences open with the mailed token, no sign-in; the archive is public.
  'routes/_site.newsletter_.preferences.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  // One-click unsubscribe (RFC 8058): the signed token in the URL is the authority.
  'routes/_site.newsletter_.unsubscribe.tsx': [get(EVERYONE), post('empty form', EVERYONE)],
  'routes/_site.newsletters.$slug.tsx': [get(EVERYONE)],
  'routes/_site.newsletters.$slug_.$issueId.tsx': [get(EVERYONE)],
  // A newsletter's counted story link and open image: the signed token is the authority.
  'routes/n.c.$token.tsx': [get(EVERYONE)],
  'routes/n.o.$token.tsx': [get(EVERYONE)],
  // The profile's newsletter card posts here (its GET goes back to the profile).
  'routes/_site.profile_.newsletters.tsx': [get(EVERYONE), post('empty form', SIGNED_IN)],
  'routes/api.auth.$.tsx': [get(EVERYONE), post('unknown endpoint', EVERYONE)],
  'routes/signout.tsx': [get(EVERYONE), { ...post('sign out', EVERYONE), freshSession: true }],
  // Deleting one's own account: a reader's page and post (an empty one is a field error past
  // the check); staff see that an admin closes their account, and their post is refused.
  'routes/_site.profile_.delete.tsx': [get(SIGNED_IN), post('empty form', ['viewer'])],
  // One's own profile: anyone signed in.
  'routes/_site.profile.tsx': [
    get(SIGNED_IN),
    // A byline (display name, bio, picture) and personal API tokens are the newsroom's: staff only.
    ...intentsOf(profileActionSchema).map((i) => ({
      ...intent(
        i,
        ['author-profile', 'create-token', 'revoke-token'].includes(i) ? STAFF : SIGNED_IN,
      ),
      freshSession: true,
    })),
    { ...intent(FORGED, SIGNED_IN), freshSession: true },
  ],
  // The preview: the article's writer and whoever may edit it.
  'routes/_site.admin.preview.$id.tsx': [
    get(STAFF, { name: 'GET (own draft)', params: (a) => ({ id: String(a.ownDraft) }) }),
    get(STAFF, {
      name: 'GET (own article in review)',
      params: (a) => ({ id: String(a.ownReview) }),
    }),
    get(EDITORS, {
      name: "GET (someone else's draft)",
      params: (a) => ({ id: String(a.othersDraft) }),
    }),
    {
      ...post('preview (own draft)', STAFF, () => articleForm('draft')),
      params: (a) => ({ id: String(a.ownDraft) }),
    },
    {
      ...post("preview (someone else's draft)", EDITORS, () => articleForm('draft')),
      params: (a) => ({ id: String(a.othersDraft) }),
    },
  ],
  // The back office.
  'routes/admin.tsx': [get(STAFF)],
  'routes/admin.$.tsx': [get(STAFF), post('anything', STAFF)],
  // The display-name step the back office asks of staff without one.
  'routes/admin.display-name.tsx': [post('empty form', STAFF)],
  'routes/admin._index.tsx': [get(STAFF), ...articleRowIntents('dashboard')],
  'routes/admin.articles.tsx': [get(STAFF), ...articleRowIntents('list')],
  'routes/admin.new-article.tsx': [
    get(STAFF),
    post('a draft', STAFF, () => articleForm('draft')),
    post('submitted for review', STAFF, () => articleForm('review')),
    post('published', AUTHORS, () => articleForm('published')),
    post('archived', AUTHORS, () => articleForm('archived')),
    post('put on the breaking-news bar', EDITORS, () =>
      articleForm('draft', { newTags: 'Breaking News' }),
    ),
    post("under someone else's byline", EDITORS, (_a, c) =>
      articleForm('draft', { authorId: c.other }),
    ),
  ],
  'routes/admin.edit-article.$id.tsx': [
    get(STAFF, { name: 'GET (own draft)', params: (a) => ({ id: String(a.ownDraft) }) }),
    // Its writer opens her submission (canOpenArticle); saving it stays an author's.
    get(STAFF, {
      name: 'GET (own article waiting for review)',
      params: (a) => ({ id: String(a.ownReview) }),
    }),
    get(EDITORS, {
      name: "GET (someone else's draft)",
      params: (a) => ({ id: String(a.othersDraft) }),
    }),
    ...(
      [
        ['own draft, kept a draft', 'ownDraft', 'draft', STAFF],
        ['own draft, submitted', 'ownDraft', 'review', STAFF],
        ['own draft, published', 'ownDraft', 'published', AUTHORS],
        ['own published article, edited', 'ownPublished', 'published', AUTHORS],
        ['own published article, withdrawn to draft', 'ownPublished', 'draft', AUTHORS],
        ['own article in review, edited', 'ownReview', 'review', AUTHORS],
        ["someone else's draft", 'othersDraft', 'draft', EDITORS],
        ["someone else's published article", 'othersPublished', 'published', EDITORS],
      ] as const
    ).map(([name, which, status, allowed]) => ({
      ...post(name, allowed, () => articleForm(status)),
      params: (a: Articles) => ({ id: String(a[which]) }),
    })),
  ],
  // An article's history: whoever may edit the article (a restore into or out of readers'
  // sight also needs the right to publish it: the domain refuses that with 403).
  'routes/admin.articles.$id.revisions.tsx': [
    get(STAFF, { name: 'GET (own draft)', params: (a) => ({ id: String(a.ownDraft) }) }),
    get(AUTHORS, {
      name: 'GET (own article waiting for review)',
      params: (a) => ({ id: String(a.ownReview) }),
    }),
    get(EDITORS, {
      name: "GET (someone else's draft)",
      params: (a) => ({ id: String(a.othersDraft) }),
    }),
    ...intentsOf(revisionActionSchema).flatMap((i) => [
      {
        ...post(`${i} (own draft)`, STAFF, () => ({ intent: i, revisionId: '999999' })),
        params: (a: Articles) => ({ id: String(a.ownDraft) }),
      },
      {
        ...post(`${i} (someone else's draft)`, EDITORS, () => ({
          intent: i,
          revisionId: '999999',
        })),
        params: (a: Articles) => ({ id: String(a.othersDraft) }),
      },
    ]),
    { ...intent(FORGED, STAFF), params: (a: Articles) => ({ id: String(a.ownDraft) }) },
  ],
  // Corrections: editors, on anyone's article (an author's own included).
  'routes/admin.articles.$id.corrections.tsx': [
    get(EDITORS, {
      name: 'GET (own published article)',
      params: (a) => ({ id: String(a.ownPublished) }),
    }),
    ...intentsOf(correctionActionSchema).map((i) => ({
      ...post(`${i} (own published article)`, EDITORS, () => ({ intent: i })),
      params: (a: Articles) => ({ id: String(a.ownPublished) }),
    })),
    { ...intent(FORGED, EDITORS), params: (a: Articles) => ({ id: String(a.ownPublished) }) },
  ],
  // Keeping breaking news on the bar: editors, on anyone's article (an author's own included).
  'routes/admin.articles.$id.slug.tsx': [
    get(EDITORS, {
      name: 'GET (own published article)',
      params: (a) => ({ id: String(a.ownPublished) }),
    }),
    {
      ...post('an empty slug (own published article)', EDITORS, () => ({ slug: '' })),
      params: (a: Articles) => ({ id: String(a.ownPublished) }),
    },
  ],
  'routes/admin.articles.$id.breaking-news.tsx': [
    get(EDITORS, {
      name: 'GET (own published article)',
      params: (a) => ({ id: String(a.ownPublished) }),
    }),
    ...intentsOf(breakingNewsActionSchema).map((i) => ({
      ...post(`${i} (own published article)`, EDITORS, () => ({ intent: i })),
      params: (a: Articles) => ({ id: String(a.ownPublished) }),
    })),
    { ...intent(FORGED, EDITORS), params: (a: Articles) => ({ id: String(a.ownPublished) }) },
  ],
  // The live desk: whoever may publish the article runs its coverage (authors their own,
  // editors any); any staff member sends entries to a published article (they wait for an
  // editor), and nobody but an editor opens someone else's draft.
  'routes/admin.articles_.$id.live.tsx': [
    get(STAFF, {
      name: "GET (someone else's published article)",
      params: (a) => ({ id: String(a.othersPublished) }),
    }),
    get(AUTHORS, { name: 'GET (own draft)', params: (a) => ({ id: String(a.ownDraft) }) }),
    get(EDITORS, {
      name: "GET (someone else's draft)",
      params: (a) => ({ id: String(a.othersDraft) }),
    }),
    {
      ...intent('publish', STAFF, { content: '<p>From the scene</p>' }),
      name: "POST publish (someone else's published article)",
      params: (a: Articles) => ({ id: String(a.othersPublished) }),
    },
    ...intentsOf(liveActionSchema)
      .filter((i) => i !== 'publish')
      .flatMap((i) => [
        {
          ...intent(i, AUTHORS, { id: '999999', on: 'true', summary: 'Matrix' }),
          name: `POST ${i} (own published article)`,
          params: (a: Articles) => ({ id: String(a.ownPublished) }),
        },
        {
          ...intent(i, EDITORS, { id: '999999', on: 'true', summary: 'Matrix' }),
          name: `POST ${i} (someone else's published article)`,
          params: (a: Articles) => ({ id: String(a.othersPublished) }),
        },
      ]),
    { ...intent(FORGED, AUTHORS), params: (a: Articles) => ({ id: String(a.ownPublished) }) },
  ],
  // "Email to subscribers": whoever may publish the article (authors their own, editors any).
  'routes/admin.articles.$id.newsletter-alert.tsx': [
    get(AUTHORS, {
      name: 'GET (own published article)',
      params: (a) => ({ id: String(a.ownPublished) }),
    }),
    get(EDITORS, {
      name: "GET (someone else's published article)",
      params: (a) => ({ id: String(a.othersPublished) }),
    }),
    {
      ...post('send-alert (own published article, unknown list)', AUTHORS, () => ({
        intent: 'send-alert',
        listId: '999999',
      })),
      params: (a: Articles) => ({ id: String(a.ownPublished) }),
    },
    {
      ...post("send-alert (someone else's published article)", EDITORS, () => ({
        intent: 'send-alert',
        listId: '999999',
      })),
      params: (a: Articles) => ({ id: String(a.othersPublished) }),
    },
    { ...intent(FORGED, AUTHORS), params: (a: Articles) => ({ id: String(a.ownPublished) }) },
  ],
  'routes/admin.api.articles.autosave.tsx': [
    get(STAFF),
    post('own draft', STAFF, (a) => ({ ...articleForm('draft'), id: String(a.ownDraft) })),
    post("someone else's draft", EDITORS, (a) => ({
      ...articleForm('draft'),
      id: String(a.othersDraft),
    })),
  ],
  // The edit lock: whoever may edit the article takes it and takes it over; any staff member
  // may post a release, which frees only a lock of their own (a writer whose submission just
  // left her hands gives hers back). An unknown intent is a 400 past the check.
  'routes/admin.api.articles.$id.lock.tsx': [
    get(STAFF),
    ...EDIT_LOCK_INTENTS.flatMap((i) => [
      {
        ...intent(`${i} (own draft)`, STAFF),
        fields: () => ({ intent: i }),
        params: (a: Articles) => ({ id: String(a.ownDraft) }),
      },
      {
        ...intent(`${i} (own published article)`, i === 'release' ? STAFF : AUTHORS),
        fields: () => ({ intent: i }),
        params: (a: Articles) => ({ id: String(a.ownPublished) }),
      },
      {
        ...intent(`${i} (someone else's draft)`, i === 'release' ? STAFF : EDITORS),
        fields: () => ({ intent: i }),
        params: (a: Articles) => ({ id: String(a.othersDraft) }),
      },
    ]),
    { ...intent(FORGED, STAFF), params: (a: Articles) => ({ id: String(a.ownDraft) }) },
  ],
  'routes/admin.api.media.tsx': [
    get(STAFF),
    { ...post('an image upload', STAFF), query: '?kind=image' },
    { ...post('a PDF edition upload', EDITORS), query: '?kind=pdf' },
    { ...post('a font upload', ADMINS), query: '?kind=font' },
    { name: 'DELETE a file', method: 'DELETE', query: '?kind=image&name=x.webp', allowed: EDITORS },
  ],
  // The embed look-up (issue 40): whoever writes; an address that is none is refused before
  // anything is fetched, so the matrix posts nothing to look up.
  'routes/admin.api.embeds.tsx': [get(STAFF), post('an embed look-up', STAFF)],
  'routes/admin.api.editions.tsx': [
    get(EDITORS),
    post('a print edition upload', EDITORS),
    ...intentsOf(editionActionSchema).map((i) => intent(i, EDITORS, { id: 'x' })),
    intent(FORGED, EDITORS),
  ],
  // The review: editors return an article waiting for review to its writer, with a note; its
  // writer takes it back to draft while no editor has acted on it.
  'routes/admin.articles.$id.review.tsx': [
    ...intentsOf(reviewActionSchema).map((i) => ({
      ...post(`${i} (own article in review)`, i === 'withdraw' ? STAFF : EDITORS, () => ({
        intent: i,
        note: 'Tighten',
      })),
      params: (a: Articles) => ({ id: String(a.ownReview) }),
    })),
    { ...intent(FORGED, EDITORS), params: (a: Articles) => ({ id: String(a.ownReview) }) },
  ],
  'routes/admin.categories.tsx': screen(EDITORS, categoryActionSchema),
  'routes/admin.tags.tsx': screen(EDITORS, tagActionSchema),
  'routes/admin.media.tsx': screen(EDITORS, mediaActionSchema),
  'routes/admin.pages._index.tsx': [get(EDITORS)],
  'routes/admin.pages.$slug.tsx': screen(EDITORS, pageActionSchema),
  'routes/admin.users.tsx': screen(ADMINS, userActionSchema),
  'routes/admin.settings.tsx': screen(ADMINS, settingsActionSchema),
  // The first question on a new site: only admins answer it (a zone no one has, so nothing changes).
  'routes/admin.time-zone.tsx': [post('a time zone', ADMINS, () => ({ timeZone: 'Nowhere/None' }))],
  // Newsletters: the lists, composing and sending editions, the reports — editors and up.
  'routes/admin.newsletters.tsx': screen(EDITORS, listActionSchema),
  'routes/admin.newsletters_.issues.$id.tsx': screen(EDITORS, issueActionSchema),
  'routes/admin.subscribers.tsx': screen(ADMINS, subscriberActionSchema),
  'routes/admin.subscribers.export.tsx': [get(ADMINS)],
  // Reader revenue's plans and prices: admins (contributors, authors and editors refused).
  'routes/admin.plans.tsx': screen(ADMINS, planActionSchema),
  // The meter, the registration wall, the currency and the e-paper's access: admins.
  'routes/admin.settings_.access.tsx': screen(ADMINS, accessSettingsActionSchema),
  // Members, their figures, complimentary access and the CSV import: admins (contributors,
  // authors and editors refused). A member's page of a reader not there: 404 past the check.
  'routes/admin.members.tsx': screen(ADMINS, membersActionSchema),
  'routes/admin.members_.$userId.tsx': screen(ADMINS, memberActionSchema),
  'routes/admin.backups.tsx': screen(ADMINS, backupActionSchema, ['create']),
  'routes/admin.backups.$name.tsx': [get(ADMINS)],
  'routes/admin.redirects.tsx': screen(ADMINS, redirectActionSchema),
  'routes/admin.redirects.export.tsx': [get(ADMINS)],
  // Integrations and their content keys (issue 41): admins.
  'routes/admin.integrations.tsx': screen(ADMINS, integrationActionSchema),
  // Webhook endpoints and each one's delivery log (issue 41): admins. An endpoint not there: 404.
  'routes/admin.integrations_.webhooks.tsx': screen(ADMINS, webhookActionSchema),
  'routes/admin.integrations_.webhooks_.$id.tsx': screen(ADMINS, webhookLogActionSchema),
  'routes/admin.export.tsx': [get(ADMINS)],
  'routes/admin.export.download.tsx': [get(ADMINS)],
  'routes/admin.import.tsx': screen(ADMINS, importActionSchema),
  // The site's background work and its "Run now": admins.
  'routes/admin.background-work.tsx': screen(ADMINS, backgroundWorkActionSchema),
  'routes/admin.api.import.tsx': [
    get(ADMINS),
    { ...post('an export upload', ADMINS), query: '?part=export' },
    { ...post('an images zip', ADMINS), query: '?part=images&job=1' },
  ],
}

/**
 * A screen guarded as a whole: its page, each intent of its schema (with no other fields, so
 * whoever gets through is stopped by validation and nothing changes), and a forged one.
 * `skip`: intents whose empty post would do real work (a backup), tried with a bad field.
 */
function screen(allowed: Who[], schema: z.ZodType, skip: string[] = []): Probe[] {
  return [
    get(allowed),
    ...intentsOf(schema).map((i) => intent(i, allowed, skip.includes(i) ? { id: 'x' } : {})),
    intent(FORGED, allowed),
  ]
}

/** The intents a discriminated union on `intent` accepts. */
function intentsOf(schema: z.ZodType): string[] {
  const options = (schema as unknown as { options: z.ZodObject[] }).options
  return options.flatMap((option) => {
    const field = option.shape.intent as unknown as { values?: Set<string>; options?: string[] }
    return field.options ?? [...(field.values ?? [])]
  })
}

export type Handler = (args: {
  request: Request
  params: Record<string, string>
  context: unknown
}) => unknown

function toResponse(result: unknown): Response | null {
  if (result instanceof Response) return result
  return isDataAnswer(result) ? dataAnswerResponse(result) : null
}

/** Refused: 401/403, or sent away to sign in, or home with "Access Denied". */
async function isRefused(outcome: unknown): Promise<boolean> {
  const response = toResponse(outcome)
  if (!response) return false
  if (response.status === 401 || response.status === 403) return true
  if (response.status < 300 || response.status >= 400) return false
  const location = response.headers.get('location') ?? ''
  if (location.startsWith('/signin')) return true
  return (await toastFrom(response))?.title === 'Access Denied'
}

const callers = new Map<Who, Caller>()
const users = new Map<Who, Awaited<ReturnType<typeof createTestUser>>>()
let otherStaff = ''
let manifest: ManifestRoute[] = []
let server: Awaited<ReturnType<typeof startTestServer>> | undefined

async function callerFor(who: Who, fresh: boolean): Promise<Caller> {
  if (who === 'anonymous') return { who, id: null, cookie: null, other: otherStaff }
  const caller = callers.get(who)!
  if (!fresh) return caller
  return { ...caller, cookie: await sessionCookie(users.get(who)!) }
}

async function freshArticles(caller: Caller): Promise<Articles> {
  const own = caller.id
  const mk = (
    authorId: string | null,
    status: 'draft' | 'review' | 'published',
  ): ArticleFields => ({
    authorId,
    status,
    title: `Matrix ${status}`,
  })
  // One statement for the five: the matrix makes them for every probe and caller.
  const [ownDraft, ownReview, ownPublished, othersDraft, othersPublished] = await insertArticles([
    mk(own, 'draft'),
    mk(own, 'review'),
    mk(own, 'published'),
    mk(otherStaff, 'draft'),
    mk(otherStaff, 'published'),
  ])
  return {
    ownDraft: ownDraft.id,
    ownReview: ownReview.id,
    ownPublished: ownPublished.id,
    othersDraft: othersDraft.id,
    othersPublished: othersPublished.id,
  }
}

/** The route's pattern with these params filled in (others "x", a splat "x/y"). */
function pathFor(pattern: string, params: Record<string, string>): string {
  const filled = { ...fakeParams(pattern), ...params }
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return filled['*']
      const bare = segment.replace(/\?$/, '')
      return bare.startsWith(':') ? encodeURIComponent(filled[bare.slice(1)]) : bare
    })
  return `/${segments.join('/')}`
}

/** A single-fetch data request's URL, as React Router's client builds it. */
function dataUrl(pathname: string, query: string): string {
  return `${pathname === '/' ? '/_' : pathname.replace(/\/$/, '/_')}.data${query}`
}

function withParam(query: string, param: string): string {
  return query ? `${query}&${param}` : `?${param}`
}

interface HttpOutcome {
  status: number
  /** Where a redirect sends the caller (from Location, or a data request's redirect payload). */
  location: string | null
  response: Response
}

async function overHttp(
  url: string,
  cookie: string | null,
  method: string,
  fields?: Record<string, string>,
): Promise<HttpOutcome> {
  const headers: Record<string, string> = { origin: TEST_SITE_URL }
  if (cookie) headers.cookie = cookie
  let body: string | undefined
  if (method !== 'GET') {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(fields ?? {}).toString()
  }
  const response = await server!.fetch(url, { method, headers, body })
  let location = response.headers.get('location')
  if (response.status === 202 && response.headers.get('x-remix-response') === 'yes') {
    const decoded = await decodeTurboStream(response.body!, globalThis)
    const value = decoded.value as Record<string | symbol, unknown>
    const redirect = (value[SingleFetchRedirect] ?? value) as { redirect?: string }
    location = redirect.redirect ?? null
  } else await response.body?.cancel()
  return { status: response.status, location, response }
}

/** The same rule as isRefused, for an answer that came over HTTP. */
async function refusedOverHttp(outcome: HttpOutcome): Promise<boolean> {
  if (outcome.status === 401 || outcome.status === 403) return true
  if (!outcome.location) return false
  if (new URL(outcome.location, TEST_SITE_URL).pathname === '/signin') return true
  return (await toastFrom(outcome.response))?.title === 'Access Denied'
}

/**
 * CI asks over HTTP in the forms the direct calls above do not cover: single-fetch data
 * requests and their `?_routes=` form. ACCESS_FULL=1 adds every probe as a document request
 * too (the same loaders and actions, plus the page render): docs/security.md, "Access".
 */
const ACCESS_FULL = process.env.ACCESS_FULL === '1'

/** How many files share the probes: tests/integration/access-matrix-1.test.ts and on. */
export const SHARDS = 4

type RouteModule = Record<string, Handler | undefined>

function importRoute(route: ManifestRoute): Promise<RouteModule> {
  return import(/* @vite-ignore */ `../../app/${route.file}`) as Promise<RouteModule>
}

/** What a route's probes try, counted as the runs below count them. */
export interface Tried {
  direct: number
  document: number
  data: number
  dataRoutes: number
}

export async function plannedFor(routes: ManifestRoute[]): Promise<Tried> {
  const planned: Tried = { direct: 0, document: 0, data: 0, dataRoutes: 0 }
  for (const route of routes) {
    const mod = await importRoute(route)
    for (const probe of MATRIX[route.file] ?? []) {
      const method = probe.method ?? 'GET'
      if (!(method === 'GET' ? mod.loader : mod.action)) continue
      planned.direct += WHO.length
      planned.data += WHO.length
      if (ACCESS_FULL) planned.document += WHO.length
      if (method === 'GET') planned.dataRoutes += WHO.length
    }
  }
  return planned
}

/**
 * The routes of part `shard` (1 to SHARDS): the routes dealt by their number of requests,
 * largest first, each to the part with the fewest so far, so that the parts take about as
 * long. Depends on the matrix and the manifest only, so every file deals the same hand.
 */
export function shardRoutes(routes: ManifestRoute[], shard: number): ManifestRoute[] {
  const weight = (route: ManifestRoute) =>
    (MATRIX[route.file] ?? []).reduce(
      (sum, probe) => sum + ((probe.method ?? 'GET') === 'GET' ? 3 : 2),
      0,
    )
  const load = new Array<number>(SHARDS).fill(0)
  const part = new Map<string, number>()
  const bySize = [...routes].sort((a, b) => weight(b) - weight(a) || a.id.localeCompare(b.id))
  for (const route of bySize) {
    const lightest = load.indexOf(Math.min(...load))
    load[lightest] += weight(route)
    part.set(route.id, lightest + 1)
  }
  return routes.filter((route) => part.get(route.id) === shard)
}

/** The loaders and actions of the part's routes called directly, as each caller. */
async function directDeviations(routes: ManifestRoute[]) {
  const deviations: string[] = []
  let tried = 0
  for (const route of routes) {
    const mod = await importRoute(route)
    for (const probe of MATRIX[route.file] ?? []) {
      const method = probe.method ?? 'GET'
      const handler = method === 'GET' ? mod.loader : mod.action
      if (!handler) continue
      for (const who of WHO) {
        const caller = await callerFor(who, !!probe.freshSession)
        const articles = await freshArticles(caller)
        const url = `http://localhost:3000${route.url}${probe.query ?? ''}`
        const fields = probe.fields?.(articles, caller)
        const request =
          method === 'GET'
            ? requestAs(caller.cookie, url)
            : requestAs(caller.cookie, url, {
                method,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: new URLSearchParams(fields ?? {}).toString(),
              })
        let outcome: unknown
        try {
          outcome = await handler({
            request,
            params: probe.params?.(articles) ?? fakeParams(route.pattern),
            context: testContext(),
          })
        } catch (thrown) {
          outcome = thrown
        }
        tried += 1
        // Signing out, or revoking every session, ends the caller's usual one too.
        if (probe.freshSession && who !== 'anonymous') {
          callers.set(who, { ...caller, cookie: await sessionCookie(users.get(who)!) })
        }
        if (outcome instanceof Error) {
          deviations.push(`${route.file} ${probe.name} as ${who}: threw ${outcome.message}`)
          continue
        }
        const refused = await isRefused(outcome)
        const expected = probe.allowed.includes(who)
        if (refused === expected) {
          const status = toResponse(outcome)?.status ?? 200
          deviations.push(
            `${route.file} ${probe.name} as ${who}: ${refused ? 'refused' : `let through (${status})`}, expected ${expected ? 'allowed' : 'refused'}`,
          )
        }
      }
    }
  }
  return { deviations, tried }
}

/** The same probes over HTTP through the whole server, in each request form. */
async function httpDeviations(routes: ManifestRoute[]) {
  const deviations: string[] = []
  const tried = { document: 0, data: 0, dataRoutes: 0 }
  for (const route of routes) {
    const mod = await importRoute(route)
    for (const probe of MATRIX[route.file] ?? []) {
      const method = probe.method ?? 'GET'
      if (!(method === 'GET' ? mod.loader : mod.action)) continue
      // A post to an index route names it (?index), or it goes to the layout above.
      const query =
        method !== 'GET' && route.index
          ? withParam(probe.query ?? '', 'index')
          : (probe.query ?? '')
      const forms: [keyof typeof tried, (path: string) => string][] = [
        ['data', (path) => dataUrl(path, query)],
      ]
      if (ACCESS_FULL) forms.push(['document', (path) => `${path}${query}`])
      if (method === 'GET') {
        forms.push([
          'dataRoutes',
          (path) => dataUrl(path, withParam(query, `_routes=${encodeURIComponent(route.id)}`)),
        ])
      }
      for (const who of WHO) {
        // A GET changes nothing (get-is-safe.test.ts), so its forms share one set of articles.
        let shared: Articles | undefined
        for (const [form, urlOf] of forms) {
          const caller = await callerFor(who, !!probe.freshSession)
          const articles =
            method === 'GET'
              ? (shared ??= await freshArticles(caller))
              : await freshArticles(caller)
          const path = pathFor(route.pattern, probe.params?.(articles) ?? {})
          const url = urlOf(path)
          const outcome = await overHttp(
            url,
            caller.cookie,
            method,
            probe.fields?.(articles, caller),
          )
          tried[form] += 1
          if (probe.freshSession && who !== 'anonymous') {
            callers.set(who, { ...caller, cookie: await sessionCookie(users.get(who)!) })
          }
          const what = `${method} ${url} (${route.file} ${probe.name}) as ${who}`
          if (outcome.status >= 500) {
            deviations.push(`${what}: answered ${outcome.status}`)
            continue
          }
          // After signing in, the reader comes back to the page, never to its data.
          const back = /[?&]redirectTo=([^&]*)/.exec(outcome.location ?? '')?.[1]
          if (back && /\.data\b|_routes/.test(decodeURIComponent(back))) {
            deviations.push(`${what}: sent to sign in with redirectTo=${decodeURIComponent(back)}`)
          }
          const refused = await refusedOverHttp(outcome)
          const allowed = (form === 'document' && probe.documentAllowed) || probe.allowed
          const expected = allowed.includes(who)
          if (refused === expected) {
            deviations.push(
              `${what}: ${refused ? 'refused' : `let through (${outcome.status})`}, expected ${expected ? 'allowed' : 'refused'}`,
            )
          }
        }
      }
    }
  }
  return { deviations, tried }
}

/**
 * Part `shard` of the matrix, for a test file of its own: every probe of its routes as
 * nobody and as each role, called directly, then over HTTP. Each part counts what it tried
 * against what its routes plan, so that no probe goes untried (the parts together: over 500
 * direct calls, checked by access-matrix.test.ts).
 */
export function describeAccessMatrixPart(shard: number) {
  let routes: ManifestRoute[] = []
  let planned: Tried | undefined

  afterAll(() => server?.close())

  beforeAll(async () => {
    server = await startTestServer()
    manifest = await loadRouteManifest()
    routes = shardRoutes(manifest, shard)
    planned = await plannedFor(routes)
    const other = await createTestUser({ role: 'author' })
    otherStaff = other.id
    for (const who of WHO) {
      if (who === 'anonymous') continue
      const user = await createTestUser({ role: who })
      users.set(who, user)
      callers.set(who, { who, id: user.id, cookie: await sessionCookie(user), other: otherStaff })
    }
  })

  describe(`role × route × intent, part ${shard} of ${SHARDS}`, () => {
    it('has 0 deviations from the newsroom table', async () => {
      const { deviations, tried } = await directDeviations(routes)
      expect(planned!.direct).toBeGreaterThan(0)
      expect(tried).toBe(planned!.direct)
      expect(deviations).toEqual([])
    }, 600_000)
  })

  describe(`the same matrix over HTTP: documents, .data requests and their _routes form, part ${shard} of ${SHARDS}`, () => {
    it('has 0 deviations for every route × role × method × request form', async () => {
      const { deviations, tried } = await httpDeviations(routes)
      console.info(`access over HTTP, part ${shard} of ${SHARDS}: ${JSON.stringify(tried)}`)
      expect(planned!.data).toBeGreaterThan(0)
      expect(tried).toEqual({
        document: planned!.document,
        data: planned!.data,
        dataRoutes: planned!.dataRoutes,
      })
      expect(deviations).toEqual([])
    }, 900_000)
  })
}
