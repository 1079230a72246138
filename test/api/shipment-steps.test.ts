import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { confirmedShippingOrder, shippingSetup, type ShippingSetup } from '../support/shipments.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;
let s: ShippingSetup;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Shipment steps org'), newTenant('Other shipment steps org')]);
  s = await shippingSetup(t, 40);
});

const post = (path: string, body?: unknown, tenant = t) => call('POST', path, { key: tenant.key, body });

describe('POST /shipments and /shipments/{id}/pick (design.md section 7, beyond the spec)', () => {
  it('creates a PICKING shipment of every unshipped stocked balance, then picks it; both replay', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 3, service: true });
    const created = await expectReplay(t, 'POST', '/shipments', { salesOrderId: order.id, notes: 'Dock 2' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      shipmentNumber: expect.stringMatching(/^SH-\d{6}$/),
      status: 'PICKING',
      salesOrder: { id: order.id, orderNumber: order.orderNumber },
      notes: 'Dock 2',
      lineCount: 1,
      lines: [expect.objectContaining({ productId: s.plain.id, quantity: 3 })],
    });
    const picked = await expectReplay(t, 'POST', `/shipments/${created.body.id}/pick`);
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({ id: created.body.id, status: 'PICKED' });
    expect((await call('GET', `/shipments/${created.body.id}`, { key: t.key })).body).toEqual(picked.body);
    expect((await call('GET', `/sales-orders/${order.id}`, { key: t.key })).body.status).toBe('PICKING');
    const audit = await listAudit(t.orgId, { resourceType: 'shipment', resourceId: created.body.id });
    expect(audit.map((e) => [e.action, e.apiKeyId])).toEqual(
      expect.arrayContaining([
        ['create', t.keyId],
        ['pick', t.keyId],
      ]),
    );
  });

  it("a bad body is 400; another organisation's order is 422 invalid_reference, its shipment 404; a picked shipment is 422", async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 1 });
    const noOrder = await post('/shipments', { notes: 'x' });
    expect([noOrder.status, noOrder.body.error.code]).toEqual([400, 'validation_error']);
    const emptyLines = await post('/shipments', { salesOrderId: order.id, lines: [] });
    expect(emptyLines.status).toBe(400);
    const foreignOrder = await post('/shipments', { salesOrderId: order.id }, other);
    expect([foreignOrder.status, foreignOrder.body.error.code]).toEqual([422, 'invalid_reference']);
    const created = await post('/shipments', { salesOrderId: order.id });
    expect(created.status).toBe(201);
    const again = await post('/shipments', { salesOrderId: order.id });
    expect([again.status, again.body.error.code]).toEqual([422, 'unprocessable']);
    const foreignPick = await post(`/shipments/${created.body.id}/pick`, undefined, other);
    expect([foreignPick.status, foreignPick.body.error.message]).toEqual([404, 'Shipment not found']);
    expect((await post(`/shipments/${created.body.id}/pick`)).status).toBe(200);
    const twice = await post(`/shipments/${created.body.id}/pick`);
    expect([twice.status, twice.body.error.code]).toEqual([422, 'unprocessable']);
    expect(twice.body.error.message).toContain('PICKED');
  });

  it('the CLI and the API give the same shipment for create and for pick', async () => {
    const viaApi = await confirmedShippingOrder(t, s, { plain: 2 });
    const viaCli = await confirmedShippingOrder(t, s, { plain: 2 });
    const api = await post('/shipments', { salesOrderId: viaApi.id });
    const cli = await runAdmin(['shipment', 'create', '--org', t.orgId, '--sales-order', viaCli.id]);
    expect(cli.code, cli.stderr).toBe(0);
    const cliShipment = JSON.parse(cli.stdout);
    expect(comparable(cliShipment)).toEqual(comparable(api.body));
    const apiPick = await post(`/shipments/${api.body.id}/pick`);
    const cliPick = await runAdmin(['shipment', 'pick', '--org', t.orgId, '--id', cliShipment.id]);
    expect(cliPick.code, cliPick.stderr).toBe(0);
    expect(comparable(JSON.parse(cliPick.stdout))).toEqual(comparable(apiPick.body));
  });
});
