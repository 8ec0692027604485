import { describe, expect, it } from 'vitest'
import { contentApiDocument } from './openapi'
import { contentApiReference, typeOf } from './reference'

describe('the Content API reference', () => {
  const reference = contentApiReference('https://news.example')
  const document = contentApiDocument('https://news.example')

  it('lists every endpoint of the OpenAPI document with its parameters and answers', () => {
    expect(reference.endpoints.map((e) => e.path)).toEqual(Object.keys(document.paths))
    const list = reference.endpoints.find((e) => e.path === '/articles')!
    expect(list.answer).toBe('ArticleList')
    expect(list.parameters).toContainEqual(
      expect.objectContaining({ name: 'tag', where: 'query', required: false, type: 'string' }),
    )
    expect(list.otherAnswers.map((a) => a.status)).toEqual(['304', '400', '401', '404', '429'])
    const one = reference.endpoints.find((e) => e.path === '/articles/{idOrSlug}')!
    expect(one.parameters[0]).toMatchObject({ where: 'path', required: true })
    expect(reference.base).toBe('https://news.example/api/content/v1')
  })

  it('describes every schema the document names, with required and optional fields', () => {
    expect(reference.schemas.map((s) => s.name)).toEqual(Object.keys(document.components.schemas))
    const articleList = reference.schemas.find((s) => s.name === 'ArticleList')!
    expect(articleList.fields).toEqual([
      { name: 'data', type: 'ArticleSummary[]', required: true, description: '' },
      {
        name: 'next',
        type: 'string or null',
        required: true,
        description: expect.stringContaining('cursor'),
      },
    ])
  })

  it('reads JSON Schema types as people write them', () => {
    expect(typeOf({ $ref: '#/components/schemas/Tag' })).toBe('Tag')
    expect(typeOf({ type: 'array', items: { $ref: '#/components/schemas/Tag' } })).toBe('Tag[]')
    expect(typeOf({ anyOf: [{ $ref: '#/components/schemas/Image' }, { type: 'null' }] })).toBe(
      'Image or null',
    )
    expect(typeOf({ enum: ['a', 'b'] })).toBe('"a" | "b"')
    expect(typeOf({ type: 'string', format: 'date-time' })).toBe('string (date-time)')
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } })).toBe(
      'map of integer',
    )
    expect(typeOf({})).toBe('any')
  })
})
