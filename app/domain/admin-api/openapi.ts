import { z } from 'zod'
import { openApiComponents, schemaRef } from '~/lib/openapi-components'
import { ADMIN_API_RATE_LIMIT_PER_MINUTE } from './admin-api-errors'
import {
  adminApiErrorSchema,
  adminArticleAnswerSchema,
  adminArticleCreateSchema,
  adminArticleListQuerySchema,
  adminArticleListSchema,
  adminArticleUpdateSchema,
  adminMediaAnswerSchema,
} from './admin-api-schemas'

// The OpenAPI 3.1 document of /api/admin/v1 (served at /api/admin/v1/openapi.json), generated
// from the zod schemas that read the bodies and validate the answers (admin-api-schemas.ts).

export const ADMIN_API_BASE = '/api/admin/v1'

/** Each operation: its answer's schema (the contract tests read this too) and its scope. */
export const OPERATIONS = [
  {
    path: '/articles',
    method: 'get',
    summary: 'Unpublished work (drafts, or submissions in review), newest first',
    scope: 'drafts:read',
    status: '200',
    answer: adminArticleListSchema,
  },
  {
    path: '/articles',
    method: 'post',
    summary: 'Create an article',
    scope: 'articles:write',
    status: '201',
    answer: adminArticleAnswerSchema,
    body: adminArticleCreateSchema,
  },
  {
    path: '/articles/{id}',
    method: 'get',
    summary: 'One article, with its body',
    scope: 'drafts:read',
    status: '200',
    answer: adminArticleAnswerSchema,
  },
  {
    path: '/articles/{id}',
    method: 'patch',
    summary: 'Change the fields the body names',
    scope: 'articles:write',
    status: '200',
    answer: adminArticleAnswerSchema,
    body: adminArticleUpdateSchema,
  },
  {
    path: '/media',
    method: 'post',
    summary: 'Upload an image to the media library',
    scope: 'media:upload',
    status: '201',
    answer: adminMediaAnswerSchema,
    upload: true,
  },
] as const

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: schemaRef(adminApiErrorSchema) } },
})

function listParameters() {
  const shape = z.toJSONSchema(adminArticleListQuerySchema, { io: 'input' }) as {
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

const ID_PARAMETER = {
  name: 'id',
  in: 'path',
  required: true,
  description: "The article's id",
  schema: { type: 'integer', minimum: 1 },
}

export function adminApiDocument(siteUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    const writes = op.method !== 'get'
    const responses: Record<string, unknown> = {
      [op.status]: {
        description: op.status === '201' ? 'Created' : 'OK',
        content: { 'application/json': { schema: schemaRef(op.answer) } },
      },
      ...(op.path === '/articles' && op.method === 'get'
        ? { '400': errorAnswer('A bad query parameter (`bad_request`)') }
        : {}),
      ...(writes
        ? {
            '400': errorAnswer('The body is not valid JSON (`invalid_json`)'),
            '413': errorAnswer('The body is too large (`payload_too_large`, `TOO_LARGE`)'),
            '415': errorAnswer(
              'Not the body type this operation takes (`unsupported_media_type`, `INVALID_TYPE`)',
            ),
            '422': errorAnswer('Fields not valid (`invalid_body`, with `fields`)'),
          }
        : {}),
      '401': errorAnswer(
        'No token, or one unknown, revoked or expired, or its owner banned (`invalid_token`)',
      ),
      '403': errorAnswer(
        'The token lacks the scope (`insufficient_scope`), or its owner’s role does not allow this (`forbidden`, or the rule’s code: `STATUS_REFUSED`, `EDIT_REFUSED`, …)',
      ),
      ...(op.path.includes('{id}') || op.method === 'patch'
        ? { '404': errorAnswer('No such article (`not_found`)') }
        : {}),
      ...(op.method === 'patch'
        ? {
            '409': errorAnswer(
              'Someone else is editing it (`LOCKED`), or saved it since `expectedUpdatedAt` (`CONFLICT`)',
            ),
          }
        : {}),
      '429': {
        ...errorAnswer(
          `More than ${ADMIN_API_RATE_LIMIT_PER_MINUTE} requests a minute with one token (\`rate_limited\`)`,
        ),
        headers: { 'Retry-After': { schema: { type: 'integer' } } },
      },
    }
    const body =
      'body' in op
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schemaRef(op.body) } },
            },
          }
        : 'upload' in op
          ? {
              requestBody: {
                required: true,
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      properties: { file: { type: 'string', contentMediaType: 'image/*' } },
                      required: ['file'],
                    },
                  },
                },
              },
            }
          : {}
    paths[op.path] ??= {}
    paths[op.path][op.method] = {
      summary: op.summary,
      description: `Scope: \`${op.scope}\`.`,
      parameters: [
        ...(op.path.includes('{id}') ? [ID_PARAMETER] : []),
        ...(op.path === '/articles' && op.method === 'get' ? listParameters() : []),
      ],
      ...body,
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Broadsheet Admin API',
      version: '1',
      description:
        'Write articles and upload images as a member of staff. Send a personal token (made on your profile page) as `Authorization: Bearer bst_…`; it acts with your role as it is at each call, within the scopes it was given.',
    },
    servers: [{ url: `${siteUrl}${ADMIN_API_BASE}` }],
    security: [{ staffToken: [] }],
    paths,
    components: {
      schemas: openApiComponents([
        adminApiErrorSchema,
        adminArticleListSchema,
        adminArticleAnswerSchema,
        adminArticleCreateSchema,
        adminArticleUpdateSchema,
        adminMediaAnswerSchema,
      ]),
      securitySchemes: { staffToken: { type: 'http', scheme: 'bearer' } },
    },
  }
}
