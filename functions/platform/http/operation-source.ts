import type { Endpoint, Group } from '../catalogue/endpoint.js';
import type { Operation } from './types.js';

/** One area's operations, imported when first needed (`() => import('.../operations.js').then(...)`). */
export type AreaOperationsLoader = () => Promise<Readonly<Record<string, Operation>>>;

/**
 * Where a group handler's operations come from: given as they are (tests that build their own handler),
 * or one loader per area. A Lambda entry gives loaders: the bundle then holds each area's operations (its
 * stores, rules and views) in a chunk of their own, which a cold import does not parse; the first request
 * of an area reads its chunk, once per container (issue 29 item 1, session 42).
 */
export type OperationSource = { operations: Readonly<Record<string, Operation>> } | { areas: AreaLoaders };

/** A Lambda entry's loaders: one per area it serves. */
export type AreaLoaders = Readonly<Partial<Record<Endpoint['area'], AreaOperationsLoader>>>;

/**
 * The operation of each endpoint, checked at build time: every endpoint has its operation, or a loader
 * for its area (whose module is then checked when it loads).
 */
export function operationsOf(
  group: Group,
  endpoints: readonly Endpoint[],
  source: OperationSource,
): (endpoint: Endpoint) => Operation | Promise<Operation> {
  if ('operations' in source) {
    const missing = endpoints.filter((e) => !source.operations[e.operationId]);
    if (missing.length > 0) {
      throw new Error(`group ${group} has no operation for ${missing.map((e) => e.operationId).join(', ')}`);
    }
    return (endpoint) => source.operations[endpoint.operationId]!;
  }
  const unloaded = endpoints.filter((e) => !source.areas[e.area]);
  if (unloaded.length > 0) {
    throw new Error(
      `group ${group} has no operations for area ${[...new Set(unloaded.map((e) => e.area))].join(', ')}`,
    );
  }
  const loading = new Map<Endpoint['area'], Promise<Readonly<Record<string, Operation>>>>();
  const load = (area: Endpoint['area']) => {
    let areaOperations = loading.get(area);
    if (!areaOperations) {
      areaOperations = source.areas[area]!();
      // A failed import is tried again by the next request rather than remembered.
      areaOperations.catch(() => loading.delete(area));
      loading.set(area, areaOperations);
    }
    return areaOperations;
  };
  return async (endpoint) => {
    const operation = (await load(endpoint.area))[endpoint.operationId];
    if (!operation) throw new Error(`area ${endpoint.area} has no operation for ${endpoint.operationId}`);
    return operation;
  };
}
