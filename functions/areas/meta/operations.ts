import type { Operation } from '../../platform/http/types.js';
import { buildOpenApi } from '../../platform/openapi/build.js';

export const metaOperations: Record<string, Operation> = {
  getOpenApi: async () => ({ body: buildOpenApi() }),
};
