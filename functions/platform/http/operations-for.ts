import type { Declared } from '../catalogue/endpoint.js';
import type { BoundOperations, OperationsOf } from './types.js';

/**
 * Binds an area's operations to its endpoint list: each is checked against its own endpoint's typed input
 * (OperationsOf). The typing is then set aside, in this one place: the pipeline calls an operation only
 * with input it has parsed and validated by that same endpoint's declaration.
 */
export const operationsFor = <E extends readonly Declared[]>(
  _endpoints: E,
  operations: OperationsOf<E>,
): BoundOperations<E> => operations as unknown as BoundOperations<E>;
