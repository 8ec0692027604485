import { beforeEach, describe, expect, it } from 'vitest'
import { mediaFiles, staticPages } from '@db/schema/index'
import { getPublicArticlePage } from '~/domain/articles/article-page-queries.server'
import { previewArticleInput, toArticleView } from '~/domain/articles/article-view.server'
import { getPublishedArticleBySlug } from '~/domain/articles/articles-queries.server'
import { getPublicLive, listDeskEntries } from '~/domain/live/live-queries.server'
import { toLiveCoverageView } from '~/domain/live/live-view.server'
import { postEntry, startCoverage } from '~/domain/live/live.server'
import { getStaticPage } from '~/domain/pages/pages-queries.server'
import { articleDraftSchema } from '~/domain/articles/articles-schema'
import { cacheKey, onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { clearContent, insertArticle, insertStaff } from '../../../tests/setup/content-fixtures'
import { statementsDuring } from '../../../tests/setup/statements'
import { updateImageDetails } from './media.server'
import { showLibraryWords } from './body-images.server'

// Body images inserted from the media library follow it: the library's alt text and caption
// as they are when the page is drawn, unless this use overrides them.

const SRC = (name: string) => `/media/media/_v/${name.replace(/\.[^.]+$/, '')}-1200.webp`

async function libraryImage(name: string, alt: string, caption = '', credit = '') {
  await getDb().insert(mediaFiles).values({
    bucket: 'media',
    name,
    kind: 'image',
    contentType: 'image/jpeg',
    size: 1,
    alt,
    caption,
    credit,
  })
}

async function bodyOf(content: string) {
  const article = await insertArticle({ content })
  const found = await getPublishedArticleBySlug(article.slug)
  return { article, html: toArticleView(found!).contentHtml }
}

beforeEach(async () => {
  await clearContent()
  await getDb().delete(mediaFiles)
  await getDb().delete(staticPages)
})

describe('a body image from the library', () => {
  it('shows the library’s current alt text, not the one it was inserted with', async () => {
    await libraryImage('100-1.jpg', 'Harbour at dawn')
    const { html } = await bodyOf(
      `<p>Text</p><img src="${SRC('100-1.jpg')}" alt="old words" data-media-id="100-1.jpg">`,
    )
    expect(html).toBe(
      `<p>Text</p><img src="${SRC('100-1.jpg')}" alt="Harbour at dawn" data-media-id="100-1.jpg" />`,
    )
  })

  it('shows its caption as a figure, escaped', async () => {
    await libraryImage('100-2.jpg', 'Boats', 'Fishing boats & <nets> at "low" tide')
    const { html } = await bodyOf(
      `<img src="${SRC('100-2.jpg')}" alt="" data-media-id="100-2.jpg">`,
    )
    expect(html).toBe(
      `<figure><img src="${SRC('100-2.jpg')}" alt="Boats" data-media-id="100-2.jpg" /><figcaption>Fishing boats &amp; &lt;nets&gt; at &quot;low&quot; tide</figcaption></figure>`,
    )
  })

  it('credits the library’s maker under its caption, or alone, escaped', async () => {
    await libraryImage('100-7.jpg', 'Boats', 'At low tide', 'Jane <Doe> & "Wire"')
    await libraryImage('100-8.jpg', 'Nets', '', 'Ana Lens')
    const { html } = await bodyOf(
      `<img src="${SRC('100-7.jpg')}" alt="" data-media-id="100-7.jpg"><img src="${SRC('100-8.jpg')}" alt="" data-media-id="100-8.jpg">`,
    )
    expect(html).toBe(
      `<figure><img src="${SRC('100-7.jpg')}" alt="Boats" data-media-id="100-7.jpg" /><figcaption>At low tide<small>Photo: Jane &lt;Doe&gt; &amp; &quot;Wire&quot;</small></figcaption></figure>` +
        `<figure><img src="${SRC('100-8.jpg')}" alt="Nets" data-media-id="100-8.jpg" /><figcaption><small>Photo: Ana Lens</small></figcaption></figure>`,
    )
  })

  it('drops a credit mark stored in a body: only the library credits', async () => {
    await libraryImage('100-9.jpg', 'Quay')
    const { html } = await bodyOf(
      `<img src="${SRC('100-9.jpg')}" alt="" data-media-id="100-9.jpg" data-figure-credit="&lt;script&gt;Fake">`,
    )
    expect(html).toBe(`<img src="${SRC('100-9.jpg')}" alt="Quay" data-media-id="100-9.jpg" />`)
  })

  it('keeps the alt text and caption this use overrides, and drops the override attributes', async () => {
    await libraryImage('100-3.jpg', 'Library alt', 'Library caption')
    const { html } = await bodyOf(
      `<img src="${SRC('100-3.jpg')}" alt="x" data-media-id="100-3.jpg" data-alt="Own alt" data-caption="Own caption">`,
    )
    expect(html).toBe(
      `<figure><img src="${SRC('100-3.jpg')}" alt="Own alt" data-media-id="100-3.jpg" /><figcaption>Own caption</figcaption></figure>`,
    )
  })

  it('overrides one and follows the library for the other', async () => {
    await libraryImage('100-4.jpg', 'Library alt', 'Library caption')
    const { html } = await bodyOf(
      `<img src="${SRC('100-4.jpg')}" alt="x" data-media-id="100-4.jpg" data-caption="Own caption">`,
    )
    expect(html).toContain('alt="Library alt"')
    expect(html).toContain('<figcaption>Own caption</figcaption>')
  })

  it('falls back to the stored alt text for an id the library does not know', async () => {
    const { html } = await bodyOf(
      `<img src="${SRC('404-1.jpg')}" alt="As inserted" data-media-id="404-1.jpg">`,
    )
    expect(html).toBe(
      `<img src="${SRC('404-1.jpg')}" alt="As inserted" data-media-id="404-1.jpg" />`,
    )
  })

  it('leaves images without an id as they were stored', async () => {
    await libraryImage('100-5.jpg', 'Library alt', 'Library caption')
    const pasted = `<img src="${SRC('100-5.jpg')}" alt="Pasted" />`
    const { html } = await bodyOf(pasted + '<img src="https://elsewhere.test/a.png" alt="" />')
    expect(html).toBe(pasted + '<img src="https://elsewhere.test/a.png" alt="" />')
  })

  it('a stored caption mark cannot smuggle a figure in', async () => {
    const { html } = await bodyOf(
      `<img src="${SRC('404-2.jpg')}" alt="a" data-media-id="404-2.jpg" data-figure-caption="x">` +
        `<img src="https://elsewhere.test/a.png" alt="b" data-figure-caption="y">`,
    )
    expect(html).not.toContain('figure')
  })

  it('reads the library for every image of the body in the article’s one statement', async () => {
    await libraryImage('200-1.jpg', 'One', 'First')
    await libraryImage('200-2.jpg', 'Two')
    await libraryImage('200-3.jpg', 'Three', 'Third')
    const body = ['200-1.jpg', '200-2.jpg', '200-3.jpg', '200-1.jpg']
      .map((name) => `<img src="${SRC(name)}" alt="" data-media-id="${name}">`)
      .join('<p>between</p>')
    const article = await insertArticle({ content: body })
    let found: Awaited<ReturnType<typeof getPublishedArticleBySlug>> = null
    expect(
      await statementsDuring(async () => {
        found = await getPublishedArticleBySlug(article.slug)
      }),
    ).toBe(1)
    const html = toArticleView(found!).contentHtml
    expect(html.match(/<figcaption>/g)).toHaveLength(3)
    expect(html).toContain('alt="Two"')
  })

  it('the preview of unsaved values follows the library too', async () => {
    await libraryImage('300-1.jpg', 'Preview alt', 'Preview caption')
    const input = articleDraftSchema.parse({
      title: 'Unsaved',
      excerpt: '',
      content: `<img src="${SRC('300-1.jpg')}" alt="" data-media-id="300-1.jpg">`,
      status: 'draft',
    })
    const view = await previewArticleInput(input, { id: null, fallbackAuthorName: 'Ed' })
    expect(view.contentHtml).toContain('alt="Preview alt"')
    expect(view.contentHtml).toContain('<figcaption>Preview caption</figcaption>')
  })
})

describe('editing the library', () => {
  it('announces the articles whose body shows the image, and their page shows the new words', async () => {
    await libraryImage('400-1.jpg', 'Before')
    const shows = await insertArticle({
      content: `<img src="${SRC('400-1.jpg')}" alt="Before" data-media-id="400-1.jpg">`,
    })
    const other = await insertArticle({ content: '<p>No picture</p>' })
    const first = await getPublicArticlePage(shows.slug)
    expect(toArticleView(first!.article).contentHtml).toContain('alt="Before"')

    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      await updateImageDetails('400-1.jpg', { alt: 'After', caption: 'Now captioned' })
    } finally {
      stop()
    }
    const announced = heard.flat()
    expect(announced).toContain(cacheKey.article(shows.id))
    expect(announced).not.toContain(cacheKey.article(other.id))

    const again = await getPublicArticlePage(shows.slug)
    const html = toArticleView(again!.article).contentHtml
    expect(html).toContain('alt="After"')
    expect(html).toContain('<figcaption>Now captioned</figcaption>')
  })
})

describe('a static page', () => {
  it('shows its library images as an article does, and hears of the library’s edits', async () => {
    await libraryImage('500-1.jpg', 'Newsroom', 'Our newsroom')
    await getDb()
      .insert(staticPages)
      .values({
        slug: 'about',
        title: 'About',
        content: `<p>Us</p><img src="${SRC('500-1.jpg')}" alt="" data-media-id="500-1.jpg">`,
      })
    expect((await getStaticPage('about')).content).toBe(
      `<p>Us</p><figure><img src="${SRC('500-1.jpg')}" alt="Newsroom" data-media-id="500-1.jpg" /><figcaption>Our newsroom</figcaption></figure>`,
    )

    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      await updateImageDetails('500-1.jpg', { alt: 'The desk', caption: '' })
    } finally {
      stop()
    }
    expect(heard.flat()).toContain(cacheKey.page('about'))
    expect((await getStaticPage('about')).content).toBe(
      `<p>Us</p><img src="${SRC('500-1.jpg')}" alt="The desk" data-media-id="500-1.jpg" />`,
    )
  })
})

describe('a live entry', () => {
  it('shows its library images as an article does, hears of the library’s edits, and the desk keeps what was written', async () => {
    await libraryImage('600-1.jpg', 'Count at the hall', 'Ballots counted by hand')
    const editor = await insertStaff({ displayName: 'Dana Desk' })
    const article = await insertArticle()
    await startCoverage(article.id, 'The count goes on.')
    const stored = `<p>Counting</p><img src="${SRC('600-1.jpg')}" alt="old words" data-media-id="600-1.jpg">`
    await postEntry(article.id, { headline: '', content: stored, isKeyEvent: false }, editor, {
      publish: true,
    })
    const shown = async () => {
      const live = await getPublicLive(String(article.id))
      return toLiveCoverageView(live!, { now: new Date(), timeZone: 'UTC' }).entries[0].html
    }
    expect(await shown()).toBe(
      `<p>Counting</p><figure><img src="${SRC('600-1.jpg')}" alt="Count at the hall" data-media-id="600-1.jpg" /><figcaption>Ballots counted by hand</figcaption></figure>`,
    )

    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      await updateImageDetails('600-1.jpg', { alt: 'The hall at midnight', caption: '' })
    } finally {
      stop()
    }
    expect(heard.flat()).toContain(cacheKey.article(article.id))
    expect(await shown()).toBe(
      `<p>Counting</p><img src="${SRC('600-1.jpg')}" alt="The hall at midnight" data-media-id="600-1.jpg" />`,
    )
    // The desk edits what was written, not what readers are shown.
    const [desk] = await listDeskEntries(article.id)
    expect(desk.content).toContain('alt="old words"')
  })
})

describe('showLibraryWords: embeds (issue 40)', () => {
  it('shows an embed as its card in a body without library images (a live entry)', () => {
    const shown = showLibraryWords(
      '<figure data-embed="x" data-url="https://x.com/nasa/status/42"><a href="https://x.com/nasa/status/42">x</a></figure>',
      {},
    )
    expect(shown).toContain('class="embed"')
    expect(shown).toContain('Always load from X')
  })
})
