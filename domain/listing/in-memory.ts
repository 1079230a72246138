import { paginate, type ListResult, type PageWindow } from './pagination.js';

/**
 * Search, order and page a small, fully loaded collection (reference data). The comparator must end in an
 * id tiebreaker so the order is stable across pages.
 */
export function listInMemory<T>(
  rows: T[],
  options: {
    search?: string;
    searchable: (row: T) => (string | null)[];
    compare: (a: T, b: T) => number;
    window: PageWindow;
  },
): ListResult<T> {
  const needle = options.search?.toLowerCase();
  const matching = needle
    ? rows.filter((row) => options.searchable(row).some((value) => value?.toLowerCase().includes(needle)))
    : rows;
  const ordered = [...matching].sort(options.compare);
  const { offset, pageSize } = options.window;
  return paginate(ordered.slice(offset, offset + pageSize), ordered.length, options.window);
}

export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
