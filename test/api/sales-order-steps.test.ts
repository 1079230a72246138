import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { eventsFor } from '../support/outbox.js';
import { confirmedShippingOrder, shippingSetup, stockRow, type ShippingSetup } from '../support/shipments.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;
let s: ShippingSetup;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Order steps org'), newTenant('Other order steps org')]);
  s = await shippingSetup(t, 40);
});

const post = (path: string, body?: unknown, tenant = t) => call('POST', path, { key: tenant.key, body });

describe('POST /sales-orders/{id}/pick (design.md section 7, beyond the spec)', () => {
  it('without lines picks every reserved balance FEFO: stock leaves on hand and reserved; the key replays', async () => {
    const before = await stockRow(t, s.plain.id, s.warehouse.id);
    const order = await confirmedShippingOrder(t, s, { plain: 3 });
    const picked = await expectReplay(t, 'POST', `/sales-orders/${order.id}/pick`);
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({ id: order.id, status: 'PICKING' });
    expect(picked.body.lines[0]).toMatchObject({ quantity: 3, pickedQty: 3, packedQty: 0, dispatchedQty: 0 });
    expect((await call('GET', `/sales-orders/${order.id}`, { key: t.key })).body).toEqual(picked.body);
    const after = await stockRow(t, s.plain.id, s.warehouse.id);
    expect([after.quantityOnHand, after.quantityReserved]).toEqual([
      before.quantityOnHand - 3,
      before.quantityReserved,
    ]);
    const events = await eventsFor(t.orgId, s.plain.id);
    expect(events.filter((e) => e.event === 'stock.level_changed').length).toBeGreaterThan(0);
    const audit = await listAudit(t.orgId, { resourceType: 'sales_order', resourceId: order.id });
    expect(audit.filter((e) => e.action === 'pick')).toEqual([
      expect.objectContaining({ apiKeyId: t.keyId }),
    ]);
  });

  it('picks the lines and lots it is given; a bad body is 400; over the balance is 422; another organisation is 404', async () => {
    const order = await confirmedShippingOrder(t, s, { lotted: 2 });
    const soLineId = order.lines[0]!.id;
    const empty = await post(`/sales-orders/${order.id}/pick`, { lines: [] });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'validation_error']);
    const zero = await post(`/sales-orders/${order.id}/pick`, { lines: [{ soLineId, quantity: 0 }] });
    expect(zero.status).toBe(400);
    const foreign = await post(`/sales-orders/${order.id}/pick`, undefined, other);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Sales order not found']);
    const over = await post(`/sales-orders/${order.id}/pick`, { lines: [{ soLineId, quantity: 3 }] });
    expect([over.status, over.body.error.code]).toEqual([422, 'unprocessable']);
    const picked = await post(`/sales-orders/${order.id}/pick`, {
      lines: [{ soLineId, quantity: 1, batchId: s.late.id }],
    });
    expect(picked.status).toBe(200);
    expect(picked.body.lines[0]).toMatchObject({ pickedQty: 1 });
  });

  it('the CLI and the API give the same order for the same step', async () => {
    const viaApi = await confirmedShippingOrder(t, s, { plain: 2, service: true });
    const viaCli = await confirmedShippingOrder(t, s, { plain: 2, service: true });
    const api = await post(`/sales-orders/${viaApi.id}/pick`);
    const cli = await runAdmin(['sales-order', 'pick', '--org', t.orgId, '--id', viaCli.id]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
  });
});

describe('POST /sales-orders/{id}/pack (design.md section 7, beyond the spec)', () => {
  it('packs everything picked: PACKED; the key replays; a CONFIRMED order is 422 naming it; another organisation is 404', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 2 });
    const early = await post(`/sales-orders/${order.id}/pack`);
    expect([early.status, early.body.error.code]).toEqual([422, 'unprocessable']);
    expect(early.body.error.message).toContain('CONFIRMED');
    await post(`/sales-orders/${order.id}/pick`);
    const foreign = await post(`/sales-orders/${order.id}/pack`, undefined, other);
    expect(foreign.status).toBe(404);
    const packed = await expectReplay(t, 'POST', `/sales-orders/${order.id}/pack`);
    expect(packed.status).toBe(200);
    expect(packed.body).toMatchObject({ status: 'PACKED', lines: [{ pickedQty: 2, packedQty: 2 }] });
    const audit = await listAudit(t.orgId, { resourceType: 'sales_order', resourceId: order.id });
    expect(audit.filter((e) => e.action === 'pack')).toEqual([
      expect.objectContaining({ apiKeyId: t.keyId }),
    ]);
  });

  it('the CLI and the API give the same order for the same step', async () => {
    const viaApi = await confirmedShippingOrder(t, s, { plain: 1 });
    const viaCli = await confirmedShippingOrder(t, s, { plain: 1 });
    await Promise.all([post(`/sales-orders/${viaApi.id}/pick`), post(`/sales-orders/${viaCli.id}/pick`)]);
    const api = await post(`/sales-orders/${viaApi.id}/pack`);
    const cli = await runAdmin(['sales-order', 'pack', '--org', t.orgId, '--id', viaCli.id]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
  });
});
