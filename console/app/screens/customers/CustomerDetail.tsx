import { Link, useParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatMoney } from '../../ui/format.js';
import { DataTable, useListQuery, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useCan } from '../../session/session.js';
import { INVOICES } from '../invoices/queries.js';
import { SALES_ORDERS } from '../sales-orders/queries.js';
import { SALES_ORDER_COLUMNS } from '../sales-orders/SalesOrderList.js';
import { CUSTOMERS } from './queries.js';

type Invoice = Schemas['Invoice'];

const INVOICE_COLUMNS: readonly Column<Invoice>[] = [
  { header: 'Invoice', cell: (i) => <Link href={`/invoices/${i.id}`}>{i.invoiceNumber}</Link> },
  { header: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
  { header: 'Due', cell: (i) => formatDate(i.dueDate), secondary: true },
  { header: 'Total', cell: (i) => formatMoney(i.totalAmount, i.currency), numeric: true, secondary: true },
  { header: 'Balance due', cell: (i) => formatMoney(i.balanceDue, i.currency), numeric: true },
];

/** A customer: terms, credit, balance, and its latest orders and invoices (one request per table). */
export function CustomerDetail() {
  const { id } = useParams<{ id: string }>();
  const can = useCan();
  const detail = useDetail([...CUSTOMERS, id], (api) =>
    api.GET('/customers/{id}', { params: { path: { id } } }),
  );
  const orders = useListQuery([...SALES_ORDERS, 'list', { customerId: id }], (api) =>
    ok(api.GET('/sales-orders', { params: { query: { customerId: id, pageSize: 10 } } })),
  );
  const invoices = useListQuery([...INVOICES, 'list', { customerId: id }], (api) =>
    ok(api.GET('/invoices', { params: { query: { customerId: id, pageSize: 10 } } })),
  );

  if (detail.isPending) return <p aria-busy="true">Loading the customer…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Customer</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/customers">All customers</Link>
      </section>
    );
  }
  const { data: customer } = detail.data;
  const money = (amount: number) => formatMoney(amount, customer.currency);
  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/customers">Customers</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {customer.name} <small className="muted">{customer.code}</small>
        </h1>
        {can('PUT /customers/{id}') && (
          <Link href={`/customers/${customer.id}/edit`} role="button" className="secondary">
            Edit
          </Link>
        )}
        {can('POST /sales-orders') && customer.isActive && (
          <Link href={`/sales-orders/new?customerId=${customer.id}`} role="button">
            New sales order
          </Link>
        )}
      </header>
      {customer.creditHold && (
        <p role="status" className="error-message">
          On credit hold{customer.creditHoldReason ? `: ${customer.creditHoldReason}` : ''}
        </p>
      )}
      <div className="grid-2">
        <Fields
          items={[
            ['Email', customer.email],
            ['Phone', customer.phone],
            [
              'Address',
              [customer.address, customer.suburb, customer.region, customer.postcode]
                .filter(Boolean)
                .join(', ') || null,
            ],
            ['Tax number', customer.taxNumber],
            ['Active', customer.isActive ? 'Yes' : 'No'],
          ]}
        />
        <Fields
          items={[
            ['Outstanding balance', <strong key="balance">{money(customer.outstandingBalance)}</strong>],
            ['Credit limit', customer.creditLimit === null ? 'None' : money(customer.creditLimit)],
            ['Available credit', customer.availableCredit === null ? '—' : money(customer.availableCredit)],
            [
              'Payment terms',
              customer.paymentTermsDays === null
                ? 'Organisation default'
                : `${customer.paymentTermsDays} days`,
            ],
            ['Discount', customer.discountPct === null ? '—' : `${customer.discountPct}%`],
            ['Currency', customer.currency],
          ]}
        />
      </div>
      <DataTable
        caption="Latest sales orders"
        columns={SALES_ORDER_COLUMNS.filter((column) => column.header !== 'Customer')}
        rows={orders.data?.data}
        rowKey={(o) => o.id}
        busy={orders.isFetching}
        error={orders.error}
        empty="No sales orders yet."
        bareWhenEmpty
      />
      <DataTable
        caption="Latest invoices"
        columns={INVOICE_COLUMNS}
        rows={invoices.data?.data}
        rowKey={(i) => i.id}
        busy={invoices.isFetching}
        error={invoices.error}
        empty="No invoices yet."
        bareWhenEmpty
      />
    </section>
  );
}
