import { describe, expect, it, vi } from 'vitest';
import { endpointsOf } from '../../../functions/catalogue.js';
import { operationsOf } from '../../../functions/platform/http/operation-source.js';
import type { Operation } from '../../../functions/platform/http/types.js';

const endpoints = endpointsOf('purchasing');
const [order, receipt] = ['purchase-orders', 'goods-receipts'].map((area) =>
  endpoints.find((e) => e.area === area)!,
);
const answer =
  (body: string): Operation =>
  async () => ({ body });
const operationsOfArea = (area: string) =>
  Object.fromEntries(endpoints.filter((e) => e.area === area).map((e) => [e.operationId, answer(area)]));

describe("operationsOf: a group handler's operations, given or loaded per area", () => {
  it('refuses to build without an operation for each endpoint, or a loader for each area', () => {
    expect(() => operationsOf('purchasing', endpoints, { operations: {} })).toThrow(
      /^group purchasing has no operation for listPurchaseOrders, /,
    );
    expect(() =>
      operationsOf('purchasing', endpoints, {
        areas: { 'purchase-orders': async () => operationsOfArea('purchase-orders') },
      }),
    ).toThrow(/^group purchasing has no operations for area goods-receipts$/);
  });

  it("loads an area's operations on its first request, once, and no other area's", async () => {
    const loadOrders = vi.fn(async () => operationsOfArea('purchase-orders'));
    const loadReceipts = vi.fn(async () => operationsOfArea('goods-receipts'));
    const operationOf = operationsOf('purchasing', endpoints, {
      areas: { 'purchase-orders': loadOrders, 'goods-receipts': loadReceipts },
    });
    expect(loadOrders).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([operationOf(order!), operationOf(order!)]);
    expect(first).toBe(second);
    expect(await first({} as never)).toEqual({ body: 'purchase-orders' });
    await operationOf(order!);
    expect(loadOrders).toHaveBeenCalledTimes(1);
    expect(loadReceipts).not.toHaveBeenCalled();
    expect(await (await operationOf(receipt!))({} as never)).toEqual({ body: 'goods-receipts' });
    expect(loadReceipts).toHaveBeenCalledTimes(1);
  });

  it('tries a failed import again on the next request; an area module missing the operation is an error', async () => {
    const load = vi
      .fn<() => Promise<Record<string, Operation>>>()
      .mockRejectedValueOnce(new Error('chunk not found'))
      .mockResolvedValue(operationsOfArea('purchase-orders'));
    const operationOf = operationsOf('purchasing', endpoints, {
      areas: { 'purchase-orders': load, 'goods-receipts': async () => ({}) },
    });
    await expect(operationOf(order!)).rejects.toThrow('chunk not found');
    expect(await (await operationOf(order!))({} as never)).toEqual({ body: 'purchase-orders' });
    expect(load).toHaveBeenCalledTimes(2);
    await expect(operationOf(receipt!)).rejects.toThrow(
      `area goods-receipts has no operation for ${receipt!.operationId}`,
    );
  });
});
