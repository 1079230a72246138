/**
 * The slim projection's byte bound as a deployment option (docs/operating.md, "Production options"):
 * `-c snapshotMaxBytes=<bytes>` sets SLIM_SNAPSHOT_MAX_BYTES on every function, so the API's cold loads,
 * the refresh on mark and the scheduled refresh decide with the same bound. Unset, the code's default
 * (640 KiB: a cold load within about 1 MB) applies.
 */
import type { Construct } from 'constructs';
import { contextNumber } from './context.js';

export const PROJECTION_CONTEXT = { snapshotMaxBytes: 'snapshotMaxBytes' } as const;

/** The functions' environment for the projection's bounds: empty unless the context sets one. */
export function projectionEnvironment(scope: Construct): Record<string, string> {
  if (scope.node.tryGetContext(PROJECTION_CONTEXT.snapshotMaxBytes) === undefined) return {};
  const bytes = contextNumber(scope, PROJECTION_CONTEXT.snapshotMaxBytes, 0, { min: 1, integer: true });
  return { SLIM_SNAPSHOT_MAX_BYTES: String(bytes) };
}
