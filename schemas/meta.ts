import { arrayOf, requiredObject } from './common.js';

/** Any JSON value, recursively: what the document's deeper members are, typed without `unknown`. */
export const JsonValue = {
  $id: 'JsonValue',
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array', items: { $ref: 'JsonValue' } },
    { type: 'object', additionalProperties: { $ref: 'JsonValue' } },
  ],
} as const;

const jsonObject = { type: 'object', additionalProperties: { $ref: 'JsonValue' } } as const;
/** Path (or webhook name) -> method -> operation object. */
const operationsByKey = { type: 'object', additionalProperties: jsonObject } as const;

/** GET /openapi.json: its top-level members as served; below them, JSON of the OpenAPI 3.1 shape. */
export const OpenApiDocument = {
  $id: 'OpenApiDocument',
  ...requiredObject({
    openapi: { type: 'string' },
    info: requiredObject({
      title: { type: 'string' },
      version: { type: 'string' },
      description: { type: 'string' },
    }),
    jsonSchemaDialect: { type: 'string' },
    servers: arrayOf({ url: { type: 'string' } }),
    security: {
      type: 'array',
      items: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    tags: arrayOf({ name: { type: 'string' } }),
    paths: operationsByKey,
    webhooks: operationsByKey,
    components: { type: 'object', additionalProperties: jsonObject },
  }),
} as const;

export const META_SCHEMAS = { JsonValue, OpenApiDocument } as const;
