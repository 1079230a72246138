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
  // Beyond the spec (design.md section 7, docs/console.md): the console, served offline by meta like the
  // reference page. Its files are named by their digest, which path ids hold ({file}: letters, digits, - and _).
  declare({
    operationId: 'getConsole',
    method: 'GET',
    path: '/console',
    summary: "The console: the organisation's operations in the browser, on this API and a key typed in",
    permission: null,
    public: true,
    beyondSpec: true,
    response: null,
    contentType: 'text/html',
  }),
  declare({
    operationId: 'getConsoleScript',
    method: 'GET',
    path: '/console/scripts/{file}',
    resources: { file: 'Console script' },
    summary: "The console's script, named by its digest (cached a year)",
    permission: null,
    public: true,
    beyondSpec: true,
    response: null,
    contentType: 'text/javascript',
  }),
  declare({
    operationId: 'getConsoleStyle',
    method: 'GET',
    path: '/console/styles/{file}',
    resources: { file: 'Console stylesheet' },
    summary: "The console's stylesheet, named by its digest (cached a year)",
    permission: null,
    public: true,
    beyondSpec: true,
    response: null,
    contentType: 'text/css',
  }),
] as const satisfies readonly Declared[];
