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

/**
 * The spec's reads, and (design.md section 7, beyond the spec) the back office's create, approve and void
 * over the API.
 */
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
  declare({
    operationId: 'createCreditNote',
    method: 'POST',
    path: '/credit-notes',
    summary: 'Create a DRAFT credit note, as `credit-note create` does',
    permission: 'invoices.create',
    body: 'CreditNoteCreate',
    response: 'CreditNoteDetail',
    status: 201,
    idempotent: true,
    beyondSpec: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'approveCreditNote',
    method: 'POST',
    path: '/credit-notes/{id}/approve',
    resources: { id: CREDIT_NOTE_RESOURCE },
    summary:
      'Approve a DRAFT credit note (credit applied to its invoice, stock returned), as `credit-note approve` does',
    permission: 'sales.approve',
    response: 'CreditNoteDetail',
    status: 200,
    idempotent: true,
    beyondSpec: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'voidCreditNote',
    method: 'POST',
    path: '/credit-notes/{id}/void',
    resources: { id: CREDIT_NOTE_RESOURCE },
    summary: 'Void a DRAFT or APPROVED credit note (an approval reversed), as `credit-note void` does',
    permission: 'invoices.void',
    body: 'CreditNoteVoid',
    bodyOptional: true,
    response: 'CreditNoteDetail',
    status: 200,
    idempotent: true,
    beyondSpec: true,
    errors: [409, 422],
  }),
] as const satisfies readonly Declared[];
