import { BATCH_ACTIONS, type BatchAction } from '../../../domain/inventory/batch.js';
import { instantFlag, numberFlag, type Command, type Commands } from '../../platform/back-office/command.js';
import { completeAdjustment, voidAdjustment } from './steps/adjustments.js';
import { expireDueBatches } from './back-office/batches.js';
import { createBatch, setBatchStatus } from './steps/batches.js';
import { parseSerialStatus } from './back-office/serials.js';
import { setSerialStatus } from './steps/serials.js';
import { parseTransfer, transferStock } from './steps/transfers.js';
import { parseZoneFlags } from './back-office/warehouses.js';
import { addBin, addZone, createWarehouse, deactivateWarehouse } from './steps/warehouses.js';

/** The inventory area's back-office commands, merged into the admin CLI (infra/admin). */
export const INVENTORY_COMMANDS: Commands = {
  'warehouse create': {
    usage: 'warehouse create --org <orgId> --code <code> --name <name>',
    flags: ['org', 'code', 'name'],
    required: ['org', 'code', 'name'],
    run: (v) => createWarehouse({ orgId: v.org!, code: v.code!, name: v.name! }),
  },
  'warehouse add-zone': {
    usage:
      'warehouse add-zone --org <orgId> --warehouse <id> --name <n> --zone-type <type> [--category <builtInKey>]',
    flags: ['org', 'warehouse', 'name', 'zone-type', 'category'],
    required: ['org', 'warehouse', 'name', 'zone-type'],
    run: (v) =>
      addZone({
        orgId: v.org!,
        warehouseId: v.warehouse!,
        name: v.name!,
        ...parseZoneFlags(v),
      }),
  },
  'warehouse add-bin': {
    usage: 'warehouse add-bin --org <orgId> --zone <zoneId> --code <code> [--capacity <n>]',
    flags: ['org', 'zone', 'code', 'capacity'],
    required: ['org', 'zone', 'code'],
    run: (v) =>
      addBin({ orgId: v.org!, zoneId: v.zone!, code: v.code!, capacity: numberFlag('capacity', v.capacity) }),
  },
  'warehouse deactivate': {
    usage: 'warehouse deactivate --org <orgId> --id <warehouseId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => deactivateWarehouse({ orgId: v.org!, warehouseId: v.id! }),
  },
  'batch create': {
    usage: 'batch create --org <orgId> --product <id> --number <batchNumber> [--expiry <YYYY-MM-DD>]',
    flags: ['org', 'product', 'number', 'expiry'],
    required: ['org', 'product', 'number'],
    run: (v) =>
      createBatch({ orgId: v.org!, productId: v.product!, batchNumber: v.number!, expiryDate: v.expiry }),
  },
  ...Object.fromEntries(BATCH_ACTIONS.map((action) => [`batch ${action}`, batchStatusCommand(action)])),
  'batch expire-due': {
    usage: 'batch expire-due --org <orgId> [--as-of <ISO, not in the future>]',
    flags: ['org', 'as-of'],
    required: ['org'],
    run: (v) => expireDueBatches({ orgId: v.org!, asOf: instantFlag('as-of', v['as-of']) }),
  },
  'serial set-status': {
    usage: 'serial set-status --org <orgId> --id <serialId> --status <AVAILABLE|DAMAGED|SCRAPPED|RETURNED>',
    flags: ['org', 'id', 'status'],
    required: ['org', 'id', 'status'],
    run: (v) => setSerialStatus({ orgId: v.org!, id: v.id!, status: parseSerialStatus(v.status!) }),
  },
  'stock transfer': {
    usage:
      'stock transfer --org <orgId> --product <id> --from-warehouse <id> --to-warehouse <id> --quantity <q> [--batch <batchId>] [--from-bin <id>] [--to-bin <id>]',
    flags: ['org', 'product', 'from-warehouse', 'to-warehouse', 'quantity', 'batch', 'from-bin', 'to-bin'],
    required: ['org', 'product', 'from-warehouse', 'to-warehouse', 'quantity'],
    run: (v) => transferStock({ orgId: v.org!, ...parseTransfer(v) }),
  },
  'stock-adjustment complete': {
    usage: 'stock-adjustment complete --org <orgId> --id <adjustmentId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => completeAdjustment({ orgId: v.org!, id: v.id! }),
  },
  'stock-adjustment void': {
    usage: 'stock-adjustment void --org <orgId> --id <adjustmentId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => voidAdjustment({ orgId: v.org!, id: v.id! }),
  },
};

function batchStatusCommand(action: BatchAction): Command {
  return {
    usage: `batch ${action} --org <orgId> --id <batchId>`,
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => setBatchStatus({ orgId: v.org!, id: v.id!, action }),
  };
}
