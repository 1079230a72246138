/**
 * THE place where a shipment's dispatch sells its serial numbers (spec: serials allocated to the shipped
 * lines become SOLD). Serial-number records do not exist yet: picking allocates none, so shipment lines
 * carry empty `serialNumberIds` and this writes nothing. When serials arrive, this returns one
 * conditional update per serial (ALLOCATED -> SOLD, soldAt = `at`, a history entry with the shipment as
 * its source), and the dispatch commits them in its own transaction.
 */
import type { Shipment } from '../../../domain/shipments/shipment.js';
import type { WriteItem } from '../../platform/dynamo/transact.js';

export function serialsSoldItems(
  _orgId: string,
  _shipment: Pick<Shipment, 'id' | 'shipmentNumber'>,
  serialNumberIds: readonly string[],
  _at: string,
): WriteItem[] {
  if (serialNumberIds.length > 0) {
    throw new Error('serialsSoldItems: serial numbers cannot be sold before serial-number records exist');
  }
  return [];
}
