import { Link, useLocation, useParams } from 'wouter';
import { INVOICE_TRANSITIONS } from '../../../../domain/invoices/status.js';
import { ok, type Schemas } from '../../../client/index.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatMoney, formatQuantity, humanise } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useCan } from '../../session/session.js';
import { CUSTOMERS } from '../customers/queries.js';
import { SALES_ORDERS } from '../sales-orders/queries.js';
import { INVOICES } from './queries.js';

type Invoice = Schemas['InvoiceDetail'];
type Status = Invoice['status'];
type Line = Invoice['lines'][number];
type Payment = Invoice['payments'][number];

const path = (id: string) => ({ params: { path: { id } } });

/**
 * A credit settles an invoice as a payment does (domain/invoices/payment.ts applyCredit): a credit note is
 * offered where a payment is, i.e. on a sent invoice with a balance left.
 */
export const CREDITABLE = INVOICE_TRANSITIONS.pay.from;

const actionsFor = (invoice: Invoice): readonly DocumentAction<Status>[] => [
  {
    label: 'Send',
    operation: 'POST /invoices/{id}/send',
    allowedIn: INVOICE_TRANSITIONS.send.from,
    run: (api, _values, headers) => ok(api.POST('/invoices/{id}/send', { ...path(invoice.id), headers })),
  },
  {
    label: 'Record payment',
    operation: 'POST /invoices/{id}/payments',
    allowedIn: INVOICE_TRANSITIONS.pay.from,
    fields: [
      {
        name: 'amount',
        label: `Amount received (${invoice.currency})`,
        required: true,
        hint: `Balance due ${formatMoney(invoice.balanceDue, invoice.currency)}. Recorded as a bank transfer, dated now.`,
      },
      { name: 'reference', label: 'Reference (bank statement or receipt)' },
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/invoices/{id}/payments', {
          ...path(invoice.id),
          headers,
          body: {
            amount: Number(values.amount?.replace(/[^0-9.-]/g, '')),
            ...(values.reference ? { reference: values.reference } : {}),
          },
        }),
      ),
  },
  {
    label: 'Void invoice',
    operation: 'POST /invoices/{id}/void',
    allowedIn: INVOICE_TRANSITIONS.void.from,
    destructive: true,
    run: (api, _values, headers) => ok(api.POST('/invoices/{id}/void', { ...path(invoice.id), headers })),
  },
];

const lineColumns = (currency: string): readonly Column<Line>[] => [
  {
    header: 'Product',
    cell: (line) => (
      <>
        {line.product.name} <small className="muted">{line.product.sku}</small>
      </>
    ),
  },
  { header: 'Quantity', cell: (line) => formatQuantity(line.quantity), numeric: true },
  {
    header: 'Unit price',
    cell: (line) => formatMoney(line.unitPrice, currency),
    numeric: true,
    secondary: true,
  },
  { header: 'Tax', cell: (line) => formatMoney(line.taxAmount, currency), numeric: true, secondary: true },
  { header: 'Line total', cell: (line) => formatMoney(line.lineTotal, currency), numeric: true },
];

const paymentColumns = (currency: string): readonly Column<Payment>[] => [
  { header: 'Paid', cell: (p) => formatDate(p.paymentDate) },
  { header: 'Method', cell: (p) => humanise(p.method), secondary: true },
  { header: 'Reference', cell: (p) => p.reference ?? '—' },
  { header: 'Amount', cell: (p) => formatMoney(p.amount, currency), numeric: true },
];

/** An invoice: its lines, payments and balance; send, record a payment, credit, void. */
export function InvoiceDetail() {
  const { id } = useParams<{ id: string }>();
  const can = useCan();
  const [, setLocation] = useLocation();
  const detail = useDetail([...INVOICES, id], (api) => api.GET('/invoices/{id}', path(id)));

  if (detail.isPending) return <p aria-busy="true">Loading the invoice…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Invoice</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/invoices">All invoices</Link>
      </section>
    );
  }
  const { data: invoice, etag } = detail.data;
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const creditable = (CREDITABLE as readonly Status[]).includes(invoice.status) && can('POST /credit-notes');

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/invoices">Invoices</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {invoice.invoiceNumber} <StatusBadge status={invoice.status} />
        </h1>
        <p className="lead">
          {invoice.customer.name} · balance due {money(invoice.balanceDue)} of {money(invoice.totalAmount)}
        </p>
      </header>
      <ActionBar
        status={invoice.status}
        actions={actionsFor(invoice)}
        etag={etag}
        invalidates={[INVOICES, SALES_ORDERS, CUSTOMERS]}
      />
      {creditable && (
        <p>
          <button
            type="button"
            className="secondary"
            onClick={() => setLocation(`/credit-notes/new?invoiceId=${invoice.id}`)}
          >
            Create credit note
          </button>
        </p>
      )}
      <DataTable
        caption="Lines"
        columns={lineColumns(invoice.currency)}
        rows={invoice.lines}
        rowKey={(line) => line.soLineId}
        busy={false}
        error={null}
        empty="No lines."
      />
      <div className="grid-2">
        <Fields
          items={[
            [
              'Customer',
              <Link
                key="c"
                href={`/customers/${invoice.customer.id}`}
              >{`${invoice.customer.name} (${invoice.customer.code})`}</Link>,
            ],
            [
              'Sales order',
              <Link key="o" href={`/sales-orders/${invoice.salesOrder.id}`}>
                {invoice.salesOrder.orderNumber}
              </Link>,
            ],
            ['Invoiced', formatDate(invoice.invoiceDate)],
            ['Due', formatDate(invoice.dueDate)],
            ['Updated', formatDateTime(invoice.updatedAt)],
          ]}
        />
        <Fields
          items={[
            ['Subtotal', money(invoice.subtotal)],
            ['Discount', money(invoice.discountTotal)],
            ['Charges', money(invoice.chargesTotal)],
            ['Tax', money(invoice.taxTotal)],
            ['Total', money(invoice.totalAmount)],
            ['Paid', money(invoice.paidAmount)],
            ['Credited', money(invoice.creditedAmount)],
            ['Balance due', <strong key="due">{money(invoice.balanceDue)}</strong>],
          ]}
        />
      </div>
      <DataTable
        caption="Payments"
        columns={paymentColumns(invoice.currency)}
        rows={invoice.payments}
        rowKey={(p) => p.id}
        busy={false}
        error={null}
        empty="No payments recorded."
        bareWhenEmpty
      />
    </section>
  );
}
