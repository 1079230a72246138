import { createId } from '@paralleldrive/cuid2';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createPeerIdempotencyTable,
  peerEffectsOrg,
  peerEvent,
  peerHandler,
} from '../../bench/peer-handler.js';
import { newBenchTenant, seedProducts, type BenchTenant } from '../../bench/seed.js';
import { createWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { ledgerEntries, type LedgerEntry } from '../../functions/areas/inventory/public.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { movementItems, movementRows } from '../../functions/areas/reports/store/movements.js';
import { readOutbox } from '../../functions/areas/webhooks/store/event-log.js';
import { clientConfig } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call } from '../support/api.js';

/**
 * The peers of the peer bench (bench/peer-handler.ts): the same-effects peer leaves the records the spec
 * makes visible of an adjustment (audit log, GET /events, stock-movement report), as ours does for the
 * same request; the bare peer leaves none of them.
 */
let tenant: BenchTenant;
let warehouseId: string;
let client: DynamoDBClient;

beforeAll(async () => {
  tenant = await newBenchTenant('Peer handler test');
  await seedProducts(tenant, 2);
  warehouseId = (await createWarehouse({ orgId: tenant.orgId, code: 'PEER-WH', name: 'Peer warehouse' })).id;
  client = new DynamoDBClient(clientConfig());
  await createPeerIdempotencyTable(client);
  return () => client.destroy();
});

/** One line of +1; the bare peer's test moves the second product, so the first starts at 0 for both sides. */
const body = (product = 0) => ({
  reason: 'FOUND',
  lines: [{ productId: tenant.productIds[product]!, warehouseId, quantityChange: 1 }],
});

/** A request to a peer, the organisation and acting key passed on as an authoriser would. */
const peerRequest = (key: string, product = 0) => peerEvent(tenant, key, body(product));

/** What the spec's readers see of one organisation: its audit log, event log and ledger. */
async function records(orgId: string) {
  const outbox = await readOutbox(orgId, { from: '0', to: '\uffff' }, 100);
  const ledger = (await listLedger(orgId)).map((item) => ledgerEntries.fromItem(item));
  return { audit: await listAudit(orgId), events: outbox.entries.flatMap((e) => e.events), ledger };
}

/** The stock-movement report's rows of a ledger entry, as read back, without its id, number and instant. */
const movementShape = (entry: LedgerEntry) =>
  movementItems(entry).map((item) => {
    const { at: _at, sourceId: _id, sourceNumber: _number, ...rest } = movementRows.fromItem(item);
    return rest;
  });

describe('the peer bench: the same-effects peer writes what ours writes (bench/peer-handler.ts)', () => {
  it('the bare peer writes no audit entry, event or ledger entry', async () => {
    const handler = peerHandler(tableName(), client);
    const result = await handler(peerRequest(createId(), 1));
    expect(result.statusCode).toBe(201);
    expect(await records(peerEffectsOrg(tenant.orgId))).toEqual({ audit: [], events: [], ledger: [] });
  });

  it('for one request, the same audit entry, event and ledger entry as ours, each once', async () => {
    const ours = await call('POST', '/stock-adjustments', {
      key: tenant.key,
      body: body(),
      headers: { 'idempotency-key': createId() },
    });
    expect(ours.status).toBe(201);
    const handler = peerHandler(tableName(), client, { effects: true });
    const key = createId();
    const peer = await handler(peerRequest(key));
    expect(peer.statusCode).toBe(201);
    const peerAdjustment = JSON.parse(peer.body) as { id: string; adjustmentNumber: string };
    // A replay of the key (Powertools answers from its record) writes nothing more.
    expect((await handler(peerRequest(key))).body).toBe(peer.body);

    const mine = await records(tenant.orgId);
    const theirs = await records(peerEffectsOrg(tenant.orgId));
    // Ours also holds the warehouse's create in its audit log; the adjustment's entries are compared.
    const adjustmentAudit = (r: typeof mine) => r.audit.filter((a) => a.resourceType === 'stock_adjustment');
    expect(adjustmentAudit(mine)).toHaveLength(1);
    expect(adjustmentAudit(theirs)).toHaveLength(1);
    const [ourAudit, peerAudit] = [adjustmentAudit(mine)[0]!, adjustmentAudit(theirs)[0]!];
    expect(peerAudit).toEqual({
      ...ourAudit,
      id: peerAudit.id,
      at: peerAudit.at,
      requestId: peerAudit.requestId,
      resourceId: peerAdjustment.id,
    });
    expect(ourAudit).toMatchObject({ action: 'create', apiKeyId: tenant.keyId, resourceId: ours.body.id });

    // The event: one stock.level_changed each, with the same data (both stocks went from 0 to 1).
    expect(mine.events.map((e) => e.event)).toEqual(['stock.level_changed']);
    expect(theirs.events.map((e) => e.event)).toEqual(['stock.level_changed']);
    expect(theirs.events[0]!.data).toEqual(mine.events[0]!.data);
    expect(theirs.events[0]!.data).toMatchObject({ productId: tenant.productIds[0], quantityOnHand: 1 });
    expect(Object.keys(theirs.events[0]!).sort()).toEqual(Object.keys(mine.events[0]!).sort());

    // The ledger entry, and the stock-movement report's rows projected from it.
    expect(mine.ledger).toHaveLength(1);
    expect(theirs.ledger).toHaveLength(1);
    const [ourEntry, peerEntry] = [mine.ledger[0]!, theirs.ledger[0]!];
    expect(peerEntry).toMatchObject({
      sourceType: ourEntry.sourceType,
      sourceId: peerAdjustment.id,
      sourceNumber: peerAdjustment.adjustmentNumber,
      movements: ourEntry.movements,
    });
    expect(movementShape(peerEntry)).toEqual(movementShape(ourEntry));
    expect(movementShape(peerEntry)).toHaveLength(1);
  });
});
