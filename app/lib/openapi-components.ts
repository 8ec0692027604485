import { z } from 'zod'

// OpenAPI 3.1's schemas are JSON Schema 2020-12, which z.toJSONSchema writes. A document's
// `components.schemas` are the named schemas (`.meta({ id })`) it refers to and every named
// schema they refer to in turn, none other (zod's registry holds every API's).

export function schemaRef(schema: z.ZodType) {
  const id = z.globalRegistry.get(schema)?.id
  if (!id) throw new Error('An API schema without an id')
  return { $ref: `#/components/schemas/${id}` }
}

export function openApiComponents(named: z.ZodType[]): Record<string, unknown> {
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
  collect(named.map(schemaRef))
  const schemas: Record<string, unknown> = {}
  for (const id of [...ids].sort()) {
    // Each component is its own document in zod's output; inside OpenAPI it is a part of one.
    const { $schema: _schema, $id: _id, ...rest } = all.schemas[id]
    schemas[id] = rest
  }
  return schemas
}
