import { useLoaderData } from 'react-router'
import { gutterClass } from '~/components/site/styles'
import { contentApiReference } from '~/domain/content-api/reference'
import { CONTENT_API_BASE } from '~/domain/content-api/openapi'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { getEnv } from '~/infra/env.server'
import { seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site.developers.content-api'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const PATH = '/developers/content-api'

export async function loader() {
  const site = await getSiteIdentity()
  const reference = contentApiReference(getEnv().siteUrl)
  return {
    meta: seoMeta({
      site,
      title: reference.title,
      description: `How other software reads ${site.brand}'s published stories: every endpoint, parameter and field of the Content API.`,
      path: PATH,
    }),
    reference,
    documentPath: `${CONTENT_API_BASE}/openapi.json`,
  }
}

/** The document's descriptions mark code with backticks. */
function Prose({ text }: { text: string }) {
  return text
    .split('`')
    .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <span key={i}>{part}</span>))
}

const anchor = (name: string) => `schema-${name}`

/** A type, its schema names linked to their tables below. */
function TypeName({ type, known }: { type: string; known: Set<string> }) {
  return (
    <code>
      {type.split(/(\w+)/).map((part, i) =>
        known.has(part) ? (
          <a key={i} href={`#${anchor(part)}`} className="underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </code>
  )
}

const tableClass =
  'w-full border-collapse text-left text-sm [&_td]:border-t [&_td]:py-2 [&_td]:pr-3 [&_td]:align-top [&_th]:pb-2 [&_th]:pr-3 [&_th]:font-semibold'
const codeClass =
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]'

export default function ContentApiReferencePage() {
  const { reference, documentPath } = useLoaderData<typeof loader>()
  const known = new Set(reference.schemas.map((schema) => schema.name))
  return (
    <div className={`${gutterClass} max-w-4xl py-10 ${codeClass}`}>
      <header className="mb-8 border-b-2 border-foreground pb-6">
        <h1 className="font-serif text-3xl font-black tracking-tight sm:text-4xl">
          {reference.title}
        </h1>
        <p className="mt-3 leading-relaxed text-muted-foreground">
          <Prose text={reference.description} />
        </p>
        <dl className="mt-4 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-semibold">Base address</dt>
          <dd className="[overflow-wrap:anywhere]">
            <code>{reference.base}</code>
          </dd>
          <dt className="font-semibold">OpenAPI 3.1 document</dt>
          <dd>
            <a href={documentPath} className="underline underline-offset-2">
              {documentPath}
            </a>
          </dd>
        </dl>
      </header>

      <nav aria-label="Endpoints" className="mb-10">
        <h2 className="font-serif text-2xl font-bold">Endpoints</h2>
        <ul className="mt-3 grid gap-1 text-sm">
          {reference.endpoints.map((endpoint) => (
            <li key={endpoint.path}>
              <a href={`#${endpoint.path}`} className="underline underline-offset-2">
                <code>GET {endpoint.path}</code>
              </a>{' '}
              — {endpoint.summary}
            </li>
          ))}
        </ul>
      </nav>

      {reference.endpoints.map((endpoint) => (
        <section key={endpoint.path} id={endpoint.path} className="mb-10 scroll-mt-32">
          <h3 className="font-mono [overflow-wrap:anywhere] text-lg font-semibold">
            GET {endpoint.path}
          </h3>
          <p className="mt-1">{endpoint.summary}</p>
          {endpoint.parameters.length > 0 ? (
            <div className="mt-4 overflow-x-auto">
              <table className={tableClass}>
                <caption className="sr-only">Parameters of GET {endpoint.path}</caption>
                <thead>
                  <tr>
                    <th scope="col">Parameter</th>
                    <th scope="col">In</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {endpoint.parameters.map((parameter) => (
                    <tr key={`${parameter.where}-${parameter.name}`}>
                      <td>
                        <code>{parameter.name}</code>
                        {parameter.required ? ' (required)' : null}
                      </td>
                      <td>{parameter.where}</td>
                      <td className="[overflow-wrap:anywhere]">
                        <TypeName type={parameter.type} known={known} />
                      </td>
                      <td>
                        <Prose text={parameter.description} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <p className="mt-4 text-sm">
            <span className="font-semibold">200:</span>{' '}
            <TypeName type={endpoint.answer} known={known} />
          </p>
          <ul className="mt-1 grid gap-0.5 text-sm text-muted-foreground">
            {endpoint.otherAnswers.map((answer) => (
              <li key={answer.status}>
                <span className="font-semibold">{answer.status}:</span>{' '}
                <Prose text={answer.description} />
              </li>
            ))}
          </ul>
        </section>
      ))}

      <h2 className="mb-4 font-serif text-2xl font-bold">Schemas</h2>
      {reference.schemas.map((schema) => (
        <section key={schema.name} id={anchor(schema.name)} className="mb-8 scroll-mt-32">
          <h3 className="font-mono text-lg font-semibold">{schema.name}</h3>
          <div className="mt-2 overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">Fields of {schema.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {schema.fields.map((field) => (
                  <tr key={field.name}>
                    <td>
                      <code>{field.name}</code>
                      {field.required ? null : ' (optional)'}
                    </td>
                    <td className="[overflow-wrap:anywhere]">
                      <TypeName type={field.type} known={known} />
                    </td>
                    <td>
                      <Prose text={field.description} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []
