import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import type { AuthContext, OperationOutput } from './types.js';
import { listCoded, type CodedSort } from '../dynamo/coded-collection.js';
import type { Key } from '../dynamo/keys.js';

/** The parsed query both lists declare (codedListParams in platform/catalogue/coded-list-params.ts). */
interface CodedListQuery {
  page: number;
  pageSize: number;
  search?: string;
  code?: string;
  includeInactive?: boolean;
  modifiedSince?: Date;
  sortBy: CodedSort;
  sortDir?: 'asc' | 'desc';
}

/**
 * GET for a collection with a client-supplied code (customers, suppliers): the spec gives both the same
 * query parameters (search, exact code, includeInactive, modifiedSince, sortBy, sortDir).
 */
export function listCodedOperation(
  collectionOf: (orgId: string) => string,
  toView: (item: Record<string, unknown>) => unknown,
  itemKey: (orgId: string, id: string) => Key,
): (input: { auth: AuthContext; query: CodedListQuery }) => Promise<OperationOutput> {
  return async ({ auth, query: q }) => {
    const page = pageOf(q);
    const { items, total } = await listCoded(
      collectionOf(auth.orgId),
      {
        search: q.search,
        code: q.code,
        isActive: q.includeInactive === true ? undefined : true,
        modifiedSince: q.modifiedSince,
      },
      { by: q.sortBy, ascending: (q.sortDir ?? 'asc') === 'asc' },
      { offset: page.offset, limit: page.pageSize },
      (id) => itemKey(auth.orgId, id),
    );
    return { body: paginate(items.map(toView), total, page) };
  };
}
