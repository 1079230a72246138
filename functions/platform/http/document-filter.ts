import { invalidParameter } from '../../../domain/errors.js';
import { canBeId } from '../../../domain/ids.js';
import type { ParsedQuery } from '../../../domain/listing/query-params.js';
import type { DocumentFilter } from '../dynamo/document-query.js';

/**
 * The filters every document list shares (sales orders, invoices, credit notes, purchase orders), from its
 * parsed query: status list, customer (supplier), date range, modifiedSince, search. An unknown customer or
 * supplier simply has no documents (an empty page); an id that cannot be one is 400.
 */
export function documentFilterOf<S extends string>(query: ParsedQuery): DocumentFilter & { statuses?: S[] } {
  const customerId = query.customerId as string | undefined;
  if (customerId !== undefined && !canBeId(customerId)) throw invalidParameter('customerId', 'is not an id');
  const supplierId = query.supplierId as string | undefined;
  if (supplierId !== undefined && !canBeId(supplierId)) throw invalidParameter('supplierId', 'is not an id');
  return {
    statuses: query.status as S[] | undefined,
    customerId,
    supplierId,
    from: query.dateFrom as string | undefined,
    to: query.dateTo as string | undefined,
    modifiedSince: query.modifiedSince as Date | undefined,
    search: query.search as string | undefined,
  };
}
