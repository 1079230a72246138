import { paginate, pageWindow } from '../../../domain/listing/pagination.js';
import type { DocumentFilter } from '../dynamo/document-query.js';
import { documentFilterOf } from './document-filter.js';
import type { Operation } from './types.js';

type Page<T> = { items: T[]; total: number };

/**
 * GET for a document list (sales orders, purchase orders, invoices, credit notes): the shared filters
 * (documentFilterOf), sortBy with the list's default, sortDir descending unless asked for (spec: changed
 * in v1), one page of summaries.
 */
export function documentListOperation<T, S extends string, Sort extends string>({
  list,
  view,
  defaultSort,
}: {
  list: (
    orgId: string,
    filter: DocumentFilter & { statuses?: S[] },
    sort: { by: Sort; ascending: boolean },
    window: { offset: number; limit: number },
  ) => Promise<Page<T>>;
  view: (document: T) => unknown;
  defaultSort: Sort;
}): Operation {
  return async ({ auth, query }) => {
    const page = pageWindow(query.page as number, query.pageSize as number);
    const { items, total } = await list(
      auth.orgId,
      documentFilterOf<S>(query),
      { by: (query.sortBy as Sort | undefined) ?? defaultSort, ascending: query.sortDir === 'asc' },
      { offset: page.offset, limit: page.pageSize },
    );
    return { body: paginate(items.map(view), total, page) };
  };
}
