import { describe, expect, it } from 'vitest';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { pageWindow } from '../../../domain/listing/pagination.js';

interface Row {
  id: string;
  name: string;
  code: string | null;
}

const ROWS: Row[] = [
  { id: 'r3', name: 'Kilogram', code: 'KG' },
  { id: 'r1', name: 'Each', code: null },
  { id: 'r5', name: 'Box', code: 'BX' },
  { id: 'r2', name: 'Box', code: 'BOX' },
  { id: 'r4', name: 'Gram', code: 'g' },
];

const byNameThenId = (a: Row, b: Row): number => byText(a.name, b.name) || byText(a.id, b.id);

const list = (options: { search?: string; page?: number; pageSize?: number } = {}) =>
  listInMemory(ROWS, {
    ...(options.search !== undefined ? { search: options.search } : {}),
    searchable: (row) => [row.name, row.code],
    compare: byNameThenId,
    window: pageWindow(options.page ?? 1, options.pageSize ?? 50),
  });

const ids = (rows: Row[]): string[] => rows.map((r) => r.id);

describe('byText', () => {
  it('orders by code unit, returning -1, 0 or 1', () => {
    expect(byText('a', 'b')).toBe(-1);
    expect(byText('b', 'a')).toBe(1);
    expect(byText('a', 'a')).toBe(0);
    expect(byText('Zebra', 'apple')).toBe(-1);
    expect(byText('', 'a')).toBe(-1);
  });
});

describe('listInMemory', () => {
  it('returns every row, ordered by the comparator, with pagination', () => {
    expect(list()).toEqual({
      data: [ROWS[3], ROWS[2], ROWS[1], ROWS[4], ROWS[0]],
      pagination: { total: 5, page: 1, pageSize: 50, totalPages: 1 },
    });
  });

  it('breaks ties with the id so equal names keep a stable order', () => {
    expect(ids(list().data).slice(0, 2)).toEqual(['r2', 'r5']);
  });

  it('does not reorder the input array', () => {
    const before = ids(ROWS);
    list();
    expect(ids(ROWS)).toEqual(before);
  });

  it('searches case-insensitively for a substring of any searchable field', () => {
    expect(ids(list({ search: 'GRAM' }).data)).toEqual(['r4', 'r3']);
    expect(ids(list({ search: 'bx' }).data)).toEqual(['r5']);
    expect(ids(list({ search: 'o' }).data)).toEqual(['r2', 'r5', 'r3']);
  });

  it('skips null fields while searching', () => {
    expect(ids(list({ search: 'each' }).data)).toEqual(['r1']);
    expect(list({ search: 'null' }).data).toEqual([]);
  });

  it('counts only matching rows in the total', () => {
    expect(list({ search: 'box' }).pagination).toEqual({ total: 2, page: 1, pageSize: 50, totalPages: 1 });
    expect(list({ search: 'nothing' })).toEqual({
      data: [],
      pagination: { total: 0, page: 1, pageSize: 50, totalPages: 0 },
    });
  });

  it('treats an empty search as no search', () => {
    expect(list({ search: '' }).pagination.total).toBe(5);
  });

  it('pages the ordered rows', () => {
    expect(ids(list({ page: 1, pageSize: 2 }).data)).toEqual(['r2', 'r5']);
    expect(ids(list({ page: 2, pageSize: 2 }).data)).toEqual(['r1', 'r4']);
    const last = list({ page: 3, pageSize: 2 });
    expect(ids(last.data)).toEqual(['r3']);
    expect(last.pagination).toEqual({ total: 5, page: 3, pageSize: 2, totalPages: 3 });
  });

  it('returns no rows past the last page but still reports the total', () => {
    expect(list({ page: 4, pageSize: 2 })).toEqual({
      data: [],
      pagination: { total: 5, page: 4, pageSize: 2, totalPages: 3 },
    });
  });

  it('pages after searching', () => {
    const second = list({ search: 'o', page: 2, pageSize: 2 });
    expect(ids(second.data)).toEqual(['r3']);
    expect(second.pagination).toEqual({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
  });
});
