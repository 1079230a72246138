/**
 * A seeded collection brought to the state production reaches for it: a collection larger than the probe
 * (~1 MB of slim rows) is answered 503 on its first search, which marks it, and the refresh on mark (the
 * stream's, within seconds) writes its snapshot, from which every container then loads it. The bench has
 * no stream, so it sends that first search and runs the refresh itself. Without this a list part's first
 * search of 10k rows is the 503 (since session 37), not the answer it measures.
 */
import { clearSlimProjections, fitsProbe } from '../functions/platform/dynamo/slim-projection.js';
import { refreshOrganisationSnapshots } from '../functions/platform/dynamo/slim-snapshot-refresh.js';
import { send } from './api.js';
import type { BenchTenant } from './seed.js';

/** True when the collection needed its snapshot (it did not fit the probe) and now has it. */
export async function snapshotAfterFirstSearch(
  tenant: BenchTenant,
  list: { path: string; collection: string; query: Record<string, string | number> },
): Promise<boolean> {
  if (await fitsProbe(list.collection)) return false;
  clearSlimProjections();
  await send({ method: 'GET', path: list.path, key: tenant.key, query: list.query }, 503);
  await refreshOrganisationSnapshots(tenant.orgId, { limit: Number.MAX_SAFE_INTEGER });
  clearSlimProjections();
  return true;
}
