import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_REACHABLE_ROWS,
  PAGE_PARAMS,
  pageWindow,
  paginate,
} from '../../../domain/listing/pagination.js';
import { parseQuery } from '../../../domain/listing/query-params.js';

describe('limits', () => {
  it('match the spec: default 50, max 200, 100,000 reachable rows', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(MAX_PAGE_SIZE).toBe(200);
    expect(MAX_REACHABLE_ROWS).toBe(100_000);
  });

  it('declare page and pageSize as integers with minimum 1 and the documented defaults', () => {
    expect(PAGE_PARAMS.map((p) => ({ ...p, description: undefined }))).toEqual([
      { name: 'page', type: 'integer', minimum: 1, default: 1, description: undefined },
      { name: 'pageSize', type: 'integer', minimum: 1, default: 50, description: undefined },
    ]);
    expect(parseQuery(PAGE_PARAMS, {})).toEqual({ page: 1, pageSize: 50 });
  });
});

describe('pageWindow', () => {
  it('computes the 0-based offset of a 1-based page', () => {
    expect(pageWindow(1, 50)).toEqual({ page: 1, pageSize: 50, offset: 0 });
    expect(pageWindow(3, 20)).toEqual({ page: 3, pageSize: 20, offset: 40 });
    expect(pageWindow(2, 1)).toEqual({ page: 2, pageSize: 1, offset: 1 });
  });

  it('clamps pageSize to 200', () => {
    expect(pageWindow(1, 200)).toEqual({ page: 1, pageSize: 200, offset: 0 });
    expect(pageWindow(1, 201)).toEqual({ page: 1, pageSize: 200, offset: 0 });
    expect(pageWindow(2, 10_000)).toEqual({ page: 2, pageSize: 200, offset: 200 });
  });

  it('keeps the last page that ends exactly at row 100,000', () => {
    expect(pageWindow(500, 200)).toEqual({ page: 500, pageSize: 200, offset: 99_800 });
    expect(pageWindow(1000, 100)).toEqual({ page: 1000, pageSize: 100, offset: 99_900 });
    expect(pageWindow(100_000, 1)).toEqual({ page: 100_000, pageSize: 1, offset: 99_999 });
  });

  it('repeats the last reachable page beyond 100,000 rows', () => {
    expect(pageWindow(501, 200)).toEqual(pageWindow(500, 200));
    expect(pageWindow(1_000_000, 200)).toEqual({ page: 500, pageSize: 200, offset: 99_800 });
    expect(pageWindow(1001, 100).page).toBe(1000);
    expect(pageWindow(100_001, 1).page).toBe(100_000);
  });

  it('clamps the page after clamping the size', () => {
    // 999 rows per page requested: clamped to 200, so the last reachable page is 500, not 100.
    expect(pageWindow(400, 999)).toEqual({ page: 400, pageSize: 200, offset: 79_800 });
  });

  it('takes the last whole page when pageSize does not divide 100,000', () => {
    // floor(100000 / 3) = 33333 pages; 33333 x 3 = 99,999 rows.
    expect(pageWindow(40_000, 3)).toEqual({ page: 33_333, pageSize: 3, offset: 99_996 });
    expect(pageWindow(20_000, 7)).toEqual({ page: 14_285, pageSize: 7, offset: 99_988 });
  });

  it('never lets page x pageSize exceed 100,000, and reaches as far as it can, for every page size', () => {
    for (let size = 1; size <= 250; size += 1) {
      const { page, pageSize } = pageWindow(Number.MAX_SAFE_INTEGER, size);
      expect(page * pageSize, `pageSize ${size}`).toBeLessThanOrEqual(MAX_REACHABLE_ROWS);
      expect((page + 1) * pageSize, `pageSize ${size}`).toBeGreaterThan(MAX_REACHABLE_ROWS);
    }
  });
});

describe('paginate', () => {
  it('wraps the rows with total, page, pageSize and totalPages', () => {
    const window = pageWindow(2, 2);
    expect(paginate(['c', 'd'], 5, window)).toEqual({
      data: ['c', 'd'],
      pagination: { total: 5, page: 2, pageSize: 2, totalPages: 3 },
    });
  });

  it('rounds totalPages up and gives 0 pages for no rows', () => {
    expect(paginate([], 0, pageWindow(1, 50)).pagination).toEqual({
      total: 0,
      page: 1,
      pageSize: 50,
      totalPages: 0,
    });
    expect(paginate([], 50, pageWindow(1, 50)).pagination.totalPages).toBe(1);
    expect(paginate([], 51, pageWindow(1, 50)).pagination.totalPages).toBe(2);
  });

  it('reports the clamped page and pageSize, not the requested ones', () => {
    expect(paginate([], 150_000, pageWindow(900, 500)).pagination).toEqual({
      total: 150_000,
      page: 500,
      pageSize: 200,
      totalPages: 750,
    });
  });

  it('passes the rows through as given', () => {
    const rows = [{ id: 'a' }];
    expect(paginate(rows, 1, pageWindow(1, 50)).data).toBe(rows);
  });
});
