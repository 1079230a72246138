import type { Declared } from '../catalogue/endpoint.js';
import type { BoundOperations, OperationsOf } from './types.js';

/**
 * Binds an area's operations to its endpoint list, named by type only
 * (`operationsFor<typeof INVOICE_ENDPOINTS>({ ... })`): each is checked against its own endpoint's typed
 * input (OperationsOf). The typing is then set aside, in this one place: the pipeline calls an operation
 * only with input it has parsed and validated by that same endpoint's declaration. No value of the
 * declarations is imported, so an area's lazily imported operations do not pull its declarations (which
 * the entry already holds) into a chunk of their own (infra/function-build.ts).
 */
export const operationsFor = <E extends readonly Declared[]>(
  operations: OperationsOf<E>,
): BoundOperations<E> => operations as unknown as BoundOperations<E>;
