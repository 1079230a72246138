import { paginate, pageWindow } from '../../../domain/listing/pagination.js';
import type { Operation } from './types.js';
import { listCoded, type CodedSort } from '../dynamo/coded-collection.js';
import type { Key } from '../dynamo/keys.js';

/**
 * GET for a collection with a client-supplied code (customers, suppliers): the spec gives both the same
 * query parameters (search, exact code, includeInactive, modifiedSince, sortBy, sortDir).
 */
export function listCodedOperation(
  collectionOf: (orgId: string) => string,
  toView: (item: Record<string, unknown>) => unknown,
  itemKey: (orgId: string, id: string) => Key,
): Operation {
  return async ({ auth, query: q }) => {
    const page = pageWindow(q.page as number, q.pageSize as number);
    const { items, total } = await listCoded(
      collectionOf(auth.orgId),
      {
        search: q.search as string | undefined,
        code: q.code as string | undefined,
        isActive: q.includeInactive === true ? undefined : true,
        modifiedSince: q.modifiedSince as Date | undefined,
      },
      { by: q.sortBy as CodedSort, ascending: ((q.sortDir as string | undefined) ?? 'asc') === 'asc' },
      { offset: page.offset, limit: page.pageSize },
      (id) => itemKey(auth.orgId, id),
    );
    return { body: paginate(items.map(toView), total, page) };
  };
}
