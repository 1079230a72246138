import { Link } from 'wouter';
import { CREDIT_NOTE_STATUSES } from '../../../../domain/credit-notes/credit-note.js';
import { ok, type operations, type Schemas } from '../../../client/index.js';
import { formatDate } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { CREDIT_NOTES, creditNoteStatusesOf } from './queries.js';

type CreditNote = Schemas['CreditNote'];
type CreditNoteSort = NonNullable<operations['listCreditNotes']['parameters']['query']>['sortBy'];

const COLUMNS: readonly Column<CreditNote>[] = [
  { header: 'Credit note', cell: (n) => <Link href={`/credit-notes/${n.id}`}>{n.creditNoteNumber}</Link> },
  { header: 'Customer', cell: (n) => n.customer.name },
  { header: 'Status', cell: (n) => <StatusBadge status={n.status} /> },
  { header: 'Invoice', cell: (n) => n.invoice?.invoiceNumber ?? '—', secondary: true },
  { header: 'Dated', cell: (n) => formatDate(n.creditDate), secondary: true },
  { header: 'Lines', cell: (n) => n.lineCount, numeric: true, secondary: true },
  // The list row carries no currency: the amount is on the detail, in the invoice's currency.
];

/** Credit notes: the API's search on number and customer, by status. */
export function CreditNoteList() {
  return (
    <ListScreen
      title="Credit notes"
      noun={{ one: 'credit note', many: 'credit notes' }}
      queryKey={CREDIT_NOTES}
      load={(api, params) =>
        ok(
          api.GET('/credit-notes', {
            params: {
              query: {
                search: params.search,
                status: creditNoteStatusesOf(params.filters.status),
                page: params.page,
                pageSize: params.pageSize,
                sortBy: params.sortBy as CreditNoteSort,
                sortDir: params.sortDir,
              },
            },
          }),
        )
      }
      columns={COLUMNS}
      rowKey={(n) => n.id}
      search="Credit note number or customer name"
      filters={[{ name: 'status', label: 'Status', options: CREDIT_NOTE_STATUSES }]}
      sorts={[
        { value: 'creditDate', label: 'Date' },
        { value: 'createdAt', label: 'Created' },
      ]}
      empty="No credit notes match."
    />
  );
}
