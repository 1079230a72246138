import type { Operation } from '../http/types.js';
import { buildOpenApi } from '../openapi/build.js';

export const metaOperations: Record<string, Operation> = {
  getOpenApi: async () => ({ body: buildOpenApi() }),
};
