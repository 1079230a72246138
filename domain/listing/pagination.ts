import type { QueryParam } from './query-params.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** page x pageSize never reaches past this row; beyond it the last reachable page repeats. */
export const MAX_REACHABLE_ROWS = 100_000;

export const PAGE_PARAMS = [
  { name: 'page', type: 'integer', minimum: 1, default: 1, description: '1-based page number.' },
  {
    name: 'pageSize',
    type: 'integer',
    minimum: 1,
    default: DEFAULT_PAGE_SIZE,
    description: `Rows per page; larger values are clamped to ${MAX_PAGE_SIZE}.`,
  },
] as const satisfies readonly QueryParam[];

export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
}

export function pageWindow(requestedPage: number, requestedSize: number): PageWindow {
  const pageSize = Math.min(requestedSize, MAX_PAGE_SIZE);
  const lastReachable = Math.max(1, Math.floor(MAX_REACHABLE_ROWS / pageSize));
  const page = Math.min(requestedPage, lastReachable);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The page a list request asks for, from its parsed page and pageSize (both defaulted, never absent). */
export const pageOf = (query: { page: number; pageSize: number }): PageWindow =>
  pageWindow(query.page, query.pageSize);

export interface Pagination {
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface ListResult<T> {
  data: T[];
  pagination: Pagination;
}

export const paginate = <T>(data: T[], total: number, window: PageWindow): ListResult<T> => ({
  data,
  pagination: {
    total,
    page: window.page,
    pageSize: window.pageSize,
    totalPages: Math.ceil(total / window.pageSize),
  },
});
