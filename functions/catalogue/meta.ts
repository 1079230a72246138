import { declare, type Endpoint } from './endpoint.js';

export const META_ENDPOINTS: readonly Endpoint[] = [
  declare({
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/openapi.json',
    group: 'meta',
    summary: 'The OpenAPI 3.1 description of this API',
    permission: null,
    public: true,
    response: null,
  }),
];
