import { CREDIT_NOTE_RESOURCE, CREDIT_NOTE_STATUSES } from '../../../domain/credit-notes/credit-note.js';
import {
  declare,
  modifiedSince,
  PAGE_PARAMS,
  search,
  sortDir,
  type Declared,
  dateRange,
} from '../../platform/catalogue/endpoint.js';

export const CREDIT_NOTE_SORTS = ['creditDate', 'createdAt', 'updatedAt'] as const;
export type CreditNoteSort = (typeof CREDIT_NOTE_SORTS)[number];

/** Read-only (spec: Credit notes and production orders); the back office creates, approves and voids. */
export const CREDIT_NOTE_ENDPOINTS = [
  declare({
    operationId: 'listCreditNotes',
    method: 'GET',
    path: '/credit-notes',
    summary: 'List credit notes (creditDate newest first by default)',
    permission: 'sales.view',
    response: 'CreditNoteList',
    query: [
      ...PAGE_PARAMS,
      search('credit note number and customer name'),
      {
        name: 'status',
        type: 'enum-list',
        values: CREDIT_NOTE_STATUSES,
        caseInsensitive: true,
        maxLength: 100,
        description: 'Comma list of statuses, case-insensitive (any of them matches).',
      },
      {
        name: 'customerId',
        type: 'id',
        description:
          'Credit notes of this customer (an unknown id gives an empty page; a malformed one is 400).',
      },
      ...dateRange('creditDate'),
      modifiedSince,
      {
        name: 'sortBy',
        type: 'enum',
        values: CREDIT_NOTE_SORTS,
        default: 'creditDate',
        description: 'Sort key (default creditDate).',
      },
      { ...sortDir, description: 'Sort direction (default desc).' },
    ],
  }),
  declare({
    operationId: 'getCreditNote',
    method: 'GET',
    path: '/credit-notes/{id}',
    resources: { id: CREDIT_NOTE_RESOURCE },
    summary: 'Read a credit note with its lines',
    permission: 'sales.view',
    response: 'CreditNoteDetail',
  }),
] as const satisfies readonly Declared[];
