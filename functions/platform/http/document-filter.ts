import { invalidParameter } from '../../../domain/errors.js';
import { canBeId } from '../../../domain/ids.js';
import type { ParsedQuery } from '../../../domain/listing/query-params.js';
import type { DocumentFilter } from '../dynamo/document-query.js';

/**
 * The filters every document list shares (sales orders, invoices, credit notes), from its parsed query:
 * status list, customer, date range, modifiedSince, search. An unknown customer simply has no documents
 * (an empty page); a customerId that cannot be an id is 400.
 */
export function documentFilterOf<S extends string>(query: ParsedQuery): DocumentFilter & { statuses?: S[] } {
  const customerId = query.customerId as string | undefined;
  if (customerId !== undefined && !canBeId(customerId)) throw invalidParameter('customerId', 'is not an id');
  return {
    statuses: query.status as S[] | undefined,
    customerId,
    from: query.dateFrom as string | undefined,
    to: query.dateTo as string | undefined,
    modifiedSince: query.modifiedSince as Date | undefined,
    search: query.search as string | undefined,
  };
}
