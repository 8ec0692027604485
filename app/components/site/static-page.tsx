import { useRef } from 'react'
import { gutterClass } from './styles'
import { useBodyIslands } from './server-html'

/** About, Contact, Privacy Policy, Terms of Service: a heading and sanitised HTML. */
export function StaticPageView({ page }: { page: { title: string; content: string } }) {
  const content = useRef<HTMLDivElement>(null)
  useBodyIslands(content, page.content)
  return (
    <article className={`${gutterClass} max-w-3xl py-10 sm:py-14`}>
      <h1 className="mb-8 border-b-2 border-foreground pb-4 font-serif text-4xl font-black tracking-tight sm:text-5xl">
        {page.title}
      </h1>
      <div
        ref={content}
        className="article-content"
        dangerouslySetInnerHTML={{ __html: page.content }}
      />
    </article>
  )
}
