import { contentApiDocument } from './openapi'

// The Content API's readable reference (/developers/content-api), read from its OpenAPI
// document: every endpoint, parameter, answer and field the document names, and nothing
// written a second time by hand.

export interface ReferenceParameter {
  name: string
  where: 'path' | 'query'
  required: boolean
  type: string
  description: string
}

export interface ReferenceEndpoint {
  path: string
  summary: string
  parameters: ReferenceParameter[]
  /** The schema the 200 answer follows. */
  answer: string
  /** The other answers, by status. */
  otherAnswers: { status: string; description: string }[]
}

export interface ReferenceField {
  name: string
  type: string
  required: boolean
  description: string
}

export interface ReferenceSchema {
  name: string
  fields: ReferenceField[]
}

export interface ContentApiReference {
  title: string
  description: string
  base: string
  endpoints: ReferenceEndpoint[]
  schemas: ReferenceSchema[]
}

interface JsonSchema {
  $ref?: string
  type?: string | string[]
  items?: JsonSchema
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  format?: string
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
}

interface OperationObject {
  summary: string
  parameters: {
    name: string
    in: 'path' | 'query'
    required: boolean
    description?: string
    schema: JsonSchema
  }[]
  responses: Record<
    string,
    { description: string; content?: { 'application/json': { schema: JsonSchema } } }
  >
}

const schemaName = (ref: string) => ref.replace('#/components/schemas/', '')

/** A JSON Schema as a reader of the reference reads its type: "Article[]", "string or null". */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any'
  if (schema.$ref) return schemaName(schema.$ref)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices) return [...new Set(choices.map(typeOf))].join(' or ')
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length === 0) return 'any'
  return types
    .map((type) => {
      if (type === 'array') return `${typeOf(schema.items)}[]`
      if (
        type === 'object' &&
        schema.additionalProperties &&
        typeof schema.additionalProperties === 'object'
      )
        return `map of ${typeOf(schema.additionalProperties)}`
      if (type === 'string' && schema.format) return `string (${schema.format})`
      return type
    })
    .join(' or ')
}

/** The reference of the document served for `siteUrl`. */
export function contentApiReference(siteUrl: string): ContentApiReference {
  const document = contentApiDocument(siteUrl)
  const endpoints = Object.entries(document.paths).map(([path, item]): ReferenceEndpoint => {
    const operation = (item as { get: OperationObject }).get
    const { '200': ok, ...others } = operation.responses
    return {
      path,
      summary: operation.summary,
      parameters: operation.parameters.map((parameter) => ({
        name: parameter.name,
        where: parameter.in,
        required: parameter.required,
        type: typeOf(parameter.schema),
        description: parameter.description ?? '',
      })),
      answer: typeOf(ok?.content?.['application/json'].schema),
      otherAnswers: Object.entries(others).map(([status, answer]) => ({
        status,
        description: answer.description,
      })),
    }
  })
  const schemas = Object.entries(document.components.schemas as Record<string, JsonSchema>).map(
    ([name, schema]): ReferenceSchema => ({
      name,
      fields: Object.entries(schema.properties ?? {}).map(([field, property]) => ({
        name: field,
        type: typeOf(property),
        required: schema.required?.includes(field) ?? false,
        description: property.description ?? '',
      })),
    }),
  )
  return {
    title: document.info.title,
    description: document.info.description,
    base: document.servers[0].url,
    endpoints,
    schemas,
  }
}
