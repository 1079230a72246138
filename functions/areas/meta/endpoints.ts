import { declare, type Declared } from '../../platform/catalogue/endpoint.js';

export const META_ENDPOINTS = [
  declare({
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/openapi.json',
    summary: 'The OpenAPI 3.1 description of this API',
    permission: null,
    public: true,
    response: 'OpenApiDocument',
  }),
  // Beyond the spec (docs/decisions.md): the reference page and its renderer, served offline by meta.
  declare({
    operationId: 'getApiReference',
    method: 'GET',
    path: '/docs',
    summary: 'The API reference: an interactive page rendered from the OpenAPI document',
    permission: null,
    public: true,
    response: null,
    contentType: 'text/html',
  }),
  declare({
    operationId: 'getApiReferenceRenderer',
    method: 'GET',
    path: '/docs/renderer.js',
    summary: "The reference page's renderer (Redoc's standalone bundle)",
    permission: null,
    public: true,
    response: null,
    contentType: 'text/javascript',
    query: [
      {
        name: 'v',
        // No length cap: a static asset ignores what it does not recognise rather than answering 400.
        type: 'string',
        description:
          "The renderer's digest, as the page asks for it: that URL is cached for a year, any other value (of any length) for a day.",
      },
    ],
  }),
] as const satisfies readonly Declared[];
