import { Link } from 'wouter';
import { INVOICE_STATUSES } from '../../../../domain/invoices/status.js';
import { ok, type operations, type Schemas } from '../../../client/index.js';
import { formatDate, formatMoney } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { INVOICES, invoiceStatusesOf } from './queries.js';

type Invoice = Schemas['Invoice'];
type InvoiceSort = NonNullable<operations['listInvoices']['parameters']['query']>['sortBy'];

const COLUMNS: readonly Column<Invoice>[] = [
  { header: 'Invoice', cell: (i) => <Link href={`/invoices/${i.id}`}>{i.invoiceNumber}</Link> },
  { header: 'Customer', cell: (i) => i.customer.name },
  { header: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
  { header: 'Order', cell: (i) => i.salesOrder.orderNumber, secondary: true },
  { header: 'Invoiced', cell: (i) => formatDate(i.invoiceDate), secondary: true },
  { header: 'Due', cell: (i) => formatDate(i.dueDate), secondary: true },
  { header: 'Total', cell: (i) => formatMoney(i.totalAmount, i.currency), numeric: true, secondary: true },
  { header: 'Balance due', cell: (i) => formatMoney(i.balanceDue, i.currency), numeric: true },
];

/** Invoices: the API's search on number and customer, by status, newest first. */
export function InvoiceList() {
  return (
    <ListScreen
      title="Invoices"
      noun={{ one: 'invoice', many: 'invoices' }}
      queryKey={INVOICES}
      load={(api, params) =>
        ok(
          api.GET('/invoices', {
            params: {
              query: {
                search: params.search,
                status: invoiceStatusesOf(params.filters.status),
                page: params.page,
                pageSize: params.pageSize,
                sortBy: params.sortBy as InvoiceSort,
                sortDir: params.sortDir,
              },
            },
          }),
        )
      }
      columns={COLUMNS}
      rowKey={(i) => i.id}
      search="Invoice number or customer name"
      filters={[{ name: 'status', label: 'Status', options: INVOICE_STATUSES }]}
      sorts={[
        { value: 'createdAt', label: 'Created' },
        { value: 'invoiceNumber', label: 'Invoice number' },
      ]}
      empty="No invoices match."
    />
  );
}
