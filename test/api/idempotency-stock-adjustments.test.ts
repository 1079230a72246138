import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, type Tenant } from '../support/api.js';
import { onHand, product, warehouse } from '../support/inventory.js';

/** The mechanism on the first real idempotent endpoint: POST /stock-adjustments. */
let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;
beforeAll(async () => {
  t = await newTenant('Idempotent adjustments org');
  wh = await warehouse(t);
});

const adjust = (productId: string, quantityChange: number, key?: string, rawBody?: string) =>
  call('POST', '/stock-adjustments', {
    key: t.key,
    rawBody:
      rawBody ??
      JSON.stringify({ reason: 'FOUND', lines: [{ productId, warehouseId: wh.id, quantityChange }] }),
    headers: key ? { 'Idempotency-Key': key } : {},
  });

describe('Idempotency-Key on POST /stock-adjustments', () => {
  it('a retried adjustment moves stock once and replays the same adjustment', async () => {
    const p = await product(t);
    const first = await adjust(p.id, 5, 'adj-1');
    const again = await adjust(p.id, 5, 'adj-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    expect(await onHand(t, p.id)).toBe(5);
    const other = await adjust(p.id, 6, 'adj-1');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reuse');
  });

  it('parallel retries of one adjustment apply it exactly once', async () => {
    const p = await product(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => adjust(p.id, 2, 'adj-race')));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(
      results.filter((r) => r.status === 201 && r.headers['idempotency-replayed'] !== 'true'),
    ).toHaveLength(1);
    expect(await onHand(t, p.id)).toBe(2);
  });

  it('a refused adjustment (insufficient stock) releases the key for a corrected retry', async () => {
    const p = await product(t);
    const refused = await adjust(p.id, -3, 'adj-fix');
    expect(refused.status).toBe(422);
    await adjust(p.id, 10);
    const retried = await adjust(p.id, -3, 'adj-fix');
    expect(retried.status).toBe(201);
    expect(await onHand(t, p.id)).toBe(7);
  });
});
