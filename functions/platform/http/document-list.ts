import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import type { DocumentFilter } from '../dynamo/document-query.js';
import { documentFilterOf, type DocumentListQuery } from './document-filter.js';
import type { AuthContext, OperationOutput } from './types.js';

type Page<T> = { items: T[]; total: number };

/** The parsed query a document list declares: the shared filters, a page, and a sort with its default. */
type DocumentListInput<S extends string, Sort extends string> = DocumentListQuery<S> & {
  page: number;
  pageSize: number;
  sortBy?: Sort;
  sortDir?: 'asc' | 'desc';
};

/**
 * GET for a document list (sales orders, purchase orders, invoices, credit notes): the shared filters
 * (documentFilterOf), sortBy with the list's default, sortDir descending unless asked for (spec: changed
 * in v1), one page of summaries. Typed by the query it reads, so any endpoint declaring those parameters
 * accepts it as its operation.
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
  defaultSort: NoInfer<Sort>;
}) {
  return async ({
    auth,
    query,
  }: {
    auth: AuthContext;
    query: DocumentListInput<S, Sort>;
  }): Promise<OperationOutput> => {
    const page = pageOf(query);
    const { items, total } = await list(
      auth.orgId,
      documentFilterOf<S>(query),
      { by: query.sortBy ?? defaultSort, ascending: query.sortDir === 'asc' },
      { offset: page.offset, limit: page.pageSize },
    );
    return { body: paginate(items.map(view), total, page) };
  };
}
