import { declare, type Declared } from '../../platform/catalogue/endpoint.js';

export const META_ENDPOINTS = [
  declare({
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/openapi.json',
    summary: 'The OpenAPI 3.1 description of this API',
    permission: null,
    public: true,
    response: null,
  }),
] as const satisfies readonly Declared[];
