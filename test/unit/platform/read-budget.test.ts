/**
 * The request's read meter (read-budget.ts): what the bounded reads may still read after a probe and after
 * each other, what calls in flight hold, and one meter per request, concurrent requests apart.
 */
import { describe, expect, it } from 'vitest';
import { ReadMeter, requestMeter, withReadBudget } from '../../../functions/platform/dynamo/read-budget.js';

const MB = 1_048_576;

describe('ReadMeter', () => {
  it('leaves the reads the budget less everything charged', () => {
    const meter = new ReadMeter(MB);
    meter.read(300_000, 100);
    expect(meter.left()).toBe(MB - 300_000);
    expect(meter.meanRowBytes()).toBe(3_000);
  });

  it('leaves the reads after a probe that spent the budget an eighth of it, once', () => {
    const meter = new ReadMeter(MB);
    meter.probed(MB + 2_000);
    expect(meter.left()).toBe(MB / 8);
    expect(meter.meanRowBytes()).toBeUndefined();
    meter.read(100_000, 40);
    expect(meter.left()).toBe(MB / 8 - 100_000);
    meter.read(40_000, 16);
    expect(meter.left()).toBeLessThan(0);
    expect(meter.total).toBe(MB + 142_000);
  });

  it('gives a probe that left more than the allowance its remainder', () => {
    const meter = new ReadMeter(MB);
    meter.probed(600_000);
    expect(meter.left()).toBe(MB - 600_000);
  });

  it("leaves the reads by key the budget less the reads' bytes, not the probe's", () => {
    const meter = new ReadMeter(MB);
    meter.probed(MB);
    expect(meter.keysLeft()).toBe(MB);
    meter.read(700_000, 500);
    expect(meter.keysLeft()).toBe(MB - 700_000);
    const release = meter.reserve(100_000);
    expect(meter.keysLeft()).toBe(MB - 800_000);
    release();
    meter.read(400_000, 300);
    expect(meter.keysLeft()).toBeLessThan(0);
  });

  it('holds what a call in flight may read until it settles', () => {
    const meter = new ReadMeter(MB);
    const release = meter.reserve(400_000);
    expect(meter.left()).toBe(MB - 400_000);
    expect(meter.left(false)).toBe(MB);
    release();
    expect(meter.left()).toBe(MB);
  });
});

describe('withReadBudget', () => {
  it('gives each request its own meter, none outside a request', async () => {
    expect(requestMeter()).toBeUndefined();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const [a, b] = await Promise.all([
      withReadBudget(async () => {
        requestMeter()!.read(1_000, 1);
        await tick();
        return requestMeter()!.total;
      }),
      withReadBudget(async () => {
        await tick();
        requestMeter()!.read(5_000, 1);
        return requestMeter()!.total;
      }),
    ]);
    expect([a, b]).toEqual([1_000, 5_000]);
  });
});
