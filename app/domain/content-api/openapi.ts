import { z } from 'zod'
import {
  apiErrorSchema,
  articleAnswerSchema,
  articleListQuerySchema,
  articleListSchema,
  authorListSchema,
  categoryListSchema,
  pageListSchema,
  tagListSchema,
} from './content-api-schemas'
import { CONTENT_API_RATE_LIMIT_PER_MINUTE } from './content-api-limits'

// The OpenAPI 3.1 document of /api/content/v1 (served at /api/content/v1/openapi.json),
// generated from the zod schemas that validate the answers (content-api-schemas.ts): nothing
// here describes a field by hand. OpenAPI 3.1's schemas are JSON Schema 2020-12, which is
// what z.toJSONSchema writes.

export const CONTENT_API_BASE = '/api/content/v1'

/** The named schemas (each `.meta({ id })`), as `components.schemas`. */
const NAMED = [
  apiErrorSchema,
  articleAnswerSchema,
  articleListSchema,
  authorListSchema,
  categoryListSchema,
  pageListSchema,
  tagListSchema,
]

function ref(schema: z.ZodType) {
  const id = z.globalRegistry.get(schema)?.id
  if (!id) throw new Error('A Content API schema without an id')
  return { $ref: `#/components/schemas/${id}` }
}

/** The schema (its `$ref`) each endpoint answers 200 with: the contract tests read this too. */
export const ENDPOINTS = [
  {
    path: '/articles',
    summary: 'Published articles, newest first, a page at a time',
    answer: articleListSchema,
    query: true,
  },
  {
    path: '/articles/{idOrSlug}',
    summary: 'One published article, with its body',
    answer: articleAnswerSchema,
    query: false,
  },
  {
    path: '/categories',
    summary: 'Categories with published articles',
    answer: categoryListSchema,
    query: false,
  },
  { path: '/tags', summary: 'Tags on published articles', answer: tagListSchema, query: false },
  {
    path: '/authors',
    summary: 'Authors with published articles',
    answer: authorListSchema,
    query: false,
  },
  {
    path: '/pages',
    summary: 'The static pages (about, contact, privacy, terms)',
    answer: pageListSchema,
    query: false,
  },
] as const

function components(): Record<string, unknown> {
  const all = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
  }) as { schemas: Record<string, Record<string, unknown>> }
  const ids = new Set<string>()
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') {
          const id = v.replace('#/components/schemas/', '')
          if (!ids.has(id)) {
            ids.add(id)
            collect(all.schemas[id])
          }
        } else collect(v)
      }
    }
  }
  collect(NAMED.map(ref))
  const schemas: Record<string, unknown> = {}
  for (const id of [...ids].sort()) {
    // Each component is its own document in zod's output; inside OpenAPI it is a part of one.
    const { $schema: _schema, $id: _id, ...rest } = all.schemas[id]
    schemas[id] = rest
  }
  return schemas
}

const listParameters = () => {
  const shape = z.toJSONSchema(articleListQuerySchema, { io: 'input' }) as {
    properties: Record<string, { description?: string } & Record<string, unknown>>
  }
  return Object.entries(shape.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    description: schema.description,
    schema,
  }))
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref(apiErrorSchema) } },
})

/** The whole document, for `siteUrl`. */
export function contentApiDocument(siteUrl: string) {
  const common = [
    {
      name: 'fields',
      in: 'query',
      required: false,
      description: 'Comma-separated top-level fields to keep in each item of `data`',
      schema: { type: 'string' },
    },
  ]
  const paths: Record<string, unknown> = {}
  for (const endpoint of ENDPOINTS) {
    paths[endpoint.path] = {
      get: {
        summary: endpoint.summary,
        parameters: [
          ...(endpoint.path.includes('{idOrSlug}')
            ? [
                {
                  name: 'idOrSlug',
                  in: 'path',
                  required: true,
                  description: "The article's id or slug",
                  schema: { type: 'string' },
                },
              ]
            : []),
          ...(endpoint.query ? listParameters() : []),
          ...common,
        ],
        responses: {
          '200': {
            description: 'OK',
            headers: {
              ETag: { schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string' } },
            },
            content: { 'application/json': { schema: ref(endpoint.answer) } },
          },
          '304': { description: 'Not modified (If-None-Match matched the ETag)' },
          '400': errorAnswer('A bad parameter (code `bad_request`)'),
          '401': errorAnswer('No key, or an unknown or revoked one (code `invalid_key`)'),
          '404': errorAnswer('Not found (code `not_found`)'),
          '429': {
            ...errorAnswer(
              `More than ${CONTENT_API_RATE_LIMIT_PER_MINUTE} requests a minute with one key (code \`rate_limited\`)`,
            ),
            headers: { 'Retry-After': { schema: { type: 'integer' } } },
          },
        },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Broadsheet Content API',
      version: '1',
      description:
        'Published, public content, read-only. Send the content key of an integration (made in the back office under Integrations) as `?key=` (answers a CDN may keep) or `Authorization: Bearer`.',
    },
    servers: [{ url: `${siteUrl}${CONTENT_API_BASE}` }],
    security: [{ contentKeyQuery: [] }, { contentKeyBearer: [] }],
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        contentKeyQuery: { type: 'apiKey', in: 'query', name: 'key' },
        contentKeyBearer: { type: 'http', scheme: 'bearer' },
      },
    },
  }
}
