import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import type { ArticlePageView } from '~/domain/articles/article-view.server'
import type { LiveCoverageView } from '~/domain/live/live-view.server'
import type { MeterCount } from '~/domain/membership/meter'
import type { WallView } from '~/domain/membership/wall-view'
import { ArticleEndings, type ArticleEndingsView } from './article-endings'
import { ArticleView } from './article-view'
import { ArticleWall } from './article-wall'
import { LiveBlog } from './live-blog'
import { ReaderStrip } from './reader-strip'
import { ShareLinks, type ArticleShareView } from './share-links'

/**
 * The public article page as finished HTML: the article, its share row, "More in" and related
 * stories. None of it needs a script but "Copy link" (share-links.tsx, drawn into its slot by
 * the page). Drawing it all with React in the browser cost about 5 KB of gzipped JavaScript
 * (the view, the cards, their helpers) that the page's 120 KiB budget did not have.
 */
export function renderArticlePage(input: {
  article: ArticlePageView
  share: ArticleShareView
  endings: ArticleEndingsView
  /** A live article's coverage, drawn under its standfirst: readers come for the latest. */
  live?: { view: LiveCoverageView; articleId: number } | null
  /** For a reader without access to a gated story: the wall under its preview. */
  wall?: WallView | null
  /** For a metered read: the counter; for a member: where "Gift this story" posts. */
  reader?: { meter: MeterCount | null; giftHref: string | null }
}): string {
  return renderToStaticMarkup(
    // Links need a router to resolve; the paths are absolute, so any location will do.
    <MemoryRouter>
      <ArticleView
        article={input.article}
        lead={
          input.live ? <LiveBlog live={input.live.view} articleId={input.live.articleId} /> : null
        }
        wall={
          input.wall ? (
            <ArticleWall wall={input.wall} />
          ) : input.reader ? (
            <ReaderStrip meter={input.reader.meter} giftHref={input.reader.giftHref} />
          ) : null
        }
      >
        <ShareLinks share={input.share} />
      </ArticleView>
      <ArticleEndings endings={input.endings} />
    </MemoryRouter>,
  )
}
