import { z } from 'zod'
import {
  apiErrorSchema,
  articleAnswerSchema,
  articleListQuerySchema,
  articleListSchema,
  authorListSchema,
  categoryListSchema,
  editionAnswerSchema,
  editionListSchema,
  newsletterIssueAnswerSchema,
  newsletterIssueListQuerySchema,
  newsletterIssueListSchema,
  pageListSchema,
  pageQuerySchema,
  siteAnswerSchema,
  tagListSchema,
} from './content-api-schemas'
import { CONTENT_API_RATE_LIMIT_PER_MINUTE } from './content-api-limits'
import { openApiComponents, schemaRef } from '~/lib/openapi-components'

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
  editionAnswerSchema,
  editionListSchema,
  newsletterIssueAnswerSchema,
  newsletterIssueListSchema,
  pageListSchema,
  siteAnswerSchema,
  tagListSchema,
]

/** The schema (its `$ref`) each endpoint answers 200 with: the contract tests read this too. */
export const ENDPOINTS = [
  {
    path: '/articles',
    summary: 'Published articles, newest first, a page at a time',
    answer: articleListSchema,
    query: articleListQuerySchema,
    parameter: null,
  },
  {
    path: '/articles/{idOrSlug}',
    summary: 'One published article, with its body',
    answer: articleAnswerSchema,
    query: null,
    parameter: { name: 'idOrSlug', description: "The article's id or slug" },
  },
  {
    path: '/categories',
    summary: 'Categories with published articles',
    answer: categoryListSchema,
    query: null,
    parameter: null,
  },
  {
    path: '/tags',
    summary: 'Tags on published articles',
    answer: tagListSchema,
    query: null,
    parameter: null,
  },
  {
    path: '/authors',
    summary: 'Authors with published articles',
    answer: authorListSchema,
    query: null,
    parameter: null,
  },
  {
    path: '/pages',
    summary: 'The static pages (about, contact, privacy, terms)',
    answer: pageListSchema,
    query: null,
    parameter: null,
  },
  {
    path: '/editions',
    summary: 'The print editions, newest first, a page at a time',
    answer: editionListSchema,
    query: pageQuerySchema,
    parameter: null,
  },
  {
    path: '/editions/{slug}',
    summary: 'One print edition, with the text of each page',
    answer: editionAnswerSchema,
    query: null,
    parameter: { name: 'slug', description: "The edition's slug (its date, YYYY-MM-DD…)" },
  },
  {
    path: '/newsletter-issues',
    summary: "Sent newsletter issues' web versions, latest first, a page at a time",
    answer: newsletterIssueListSchema,
    query: newsletterIssueListQuerySchema,
    parameter: null,
  },
  {
    path: '/newsletter-issues/{id}',
    summary: 'One sent newsletter issue, as it was mailed',
    answer: newsletterIssueAnswerSchema,
    query: null,
    parameter: { name: 'id', description: "The issue's id" },
  },
  {
    path: '/site',
    summary: "The site's name, description, language, time zone, logo and social links",
    answer: siteAnswerSchema,
    query: null,
    parameter: null,
  },
] as const

const queryParameters = (query: z.ZodObject) => {
  const shape = z.toJSONSchema(query, { io: 'input' }) as {
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
  content: { 'application/json': { schema: schemaRef(apiErrorSchema) } },
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
          ...(endpoint.parameter
            ? [
                {
                  name: endpoint.parameter.name,
                  in: 'path',
                  required: true,
                  description: endpoint.parameter.description,
                  schema: { type: 'string' },
                },
              ]
            : []),
          ...(endpoint.query ? queryParameters(endpoint.query) : []),
          ...common,
        ],
        responses: {
          '200': {
            description: 'OK',
            headers: {
              ETag: { schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string' } },
              'Surrogate-Key': {
                description:
                  'What the answer shows, as the cache keys the CDN purge names (space-separated; `Cache-Tag`: comma-separated)',
                schema: { type: 'string' },
              },
            },
            content: { 'application/json': { schema: schemaRef(endpoint.answer) } },
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
      schemas: openApiComponents(NAMED),
      securitySchemes: {
        contentKeyQuery: { type: 'apiKey', in: 'query', name: 'key' },
        contentKeyBearer: { type: 'http', scheme: 'bearer' },
      },
    },
  }
}
