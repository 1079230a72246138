import { invalidParameter } from '../../../domain/errors.js';
import { canBeId } from '../../../domain/ids.js';
import type { DocumentFilter } from '../dynamo/document-query.js';

/** The parsed filter parameters a document list may declare (status, party, date range, modifiedSince, search). */
export interface DocumentListQuery<S extends string> {
  status?: S[];
  customerId?: string;
  supplierId?: string;
  dateFrom?: string;
  dateTo?: string;
  modifiedSince?: Date;
  search?: string;
}

/**
 * The filters every document list shares (sales orders, invoices, credit notes, purchase orders), from its
 * parsed query: status list, customer (supplier), date range, modifiedSince, search. An unknown customer or
 * supplier simply has no documents (an empty page); an id that cannot be one is 400.
 */
export function documentFilterOf<S extends string>(
  query: DocumentListQuery<S>,
): DocumentFilter & { statuses?: S[] } {
  const { customerId, supplierId } = query;
  if (customerId !== undefined && !canBeId(customerId)) throw invalidParameter('customerId', 'is not an id');
  if (supplierId !== undefined && !canBeId(supplierId)) throw invalidParameter('supplierId', 'is not an id');
  return {
    statuses: query.status,
    customerId,
    supplierId,
    from: query.dateFrom,
    to: query.dateTo,
    modifiedSince: query.modifiedSince,
    search: query.search,
  };
}
