import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { CREDIT_NOTE_TRANSITIONS } from '../../../../domain/credit-notes/credit-note.js';
import { ok, type Schemas } from '../../../client/index.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useApi } from '../../session/session.js';
import { CUSTOMERS } from '../customers/queries.js';
import { INVOICES } from '../invoices/queries.js';
import { CREDIT_NOTES } from './queries.js';

type CreditNote = Schemas['CreditNoteDetail'];
type Status = CreditNote['status'];
type Line = CreditNote['lines'][number];

const path = (id: string) => ({ params: { path: { id } } });

const actionsFor = (id: string): readonly DocumentAction<Status>[] => [
  {
    label: 'Approve',
    operation: 'POST /credit-notes/{id}/approve',
    allowedIn: CREDIT_NOTE_TRANSITIONS.approve.from,
    run: (api, _values, headers) => ok(api.POST('/credit-notes/{id}/approve', { ...path(id), headers })),
  },
  {
    label: 'Void credit note',
    operation: 'POST /credit-notes/{id}/void',
    allowedIn: CREDIT_NOTE_TRANSITIONS.void.from,
    destructive: true,
    fields: [
      {
        name: 'reason',
        label: 'Reason',
        multiline: true,
        hint: 'An approved credit comes back off its invoice.',
      },
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/credit-notes/{id}/void', {
          ...path(id),
          headers,
          body: { voidReason: values.reason || null },
        }),
      ),
  },
];

/** A credit note: its lines and total; approve (applies it to its invoice) or void. */
export function CreditNoteDetail() {
  const { id } = useParams<{ id: string }>();
  const api = useApi();
  const detail = useDetail([...CREDIT_NOTES, id], (client) => client.GET('/credit-notes/{id}', path(id)));
  const customerId = detail.data?.data.customer.id;
  // The credit note carries no currency: its amounts are in its customer's.
  const customer = useQuery({
    queryKey: [...CUSTOMERS, customerId, 'body'],
    queryFn: () => ok(api.GET('/customers/{id}', path(customerId ?? ''))),
    enabled: Boolean(customerId),
  });

  if (detail.isPending) return <p aria-busy="true">Loading the credit note…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Credit note</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/credit-notes">All credit notes</Link>
      </section>
    );
  }
  const { data: note, etag } = detail.data;
  const currency = customer.data?.currency;
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : '…');
  const columns: readonly Column<Line>[] = [
    {
      header: 'Product',
      cell: (line) => (
        <>
          {line.product.name} <small className="muted">{line.product.sku}</small>
        </>
      ),
    },
    { header: 'Quantity', cell: (line) => formatQuantity(line.quantity), numeric: true },
    { header: 'Unit price', cell: (line) => money(line.unitPrice), numeric: true, secondary: true },
    { header: 'Line total', cell: (line) => money(line.lineTotal), numeric: true },
  ];

  return (
    <section aria-busy={detail.isFetching || customer.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/credit-notes">Credit notes</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {note.creditNoteNumber} <StatusBadge status={note.status} />
        </h1>
        <p className="lead">
          {note.customer.name} · {money(note.totalAmount)}
        </p>
      </header>
      <ActionBar
        status={note.status}
        actions={actionsFor(note.id)}
        etag={etag}
        invalidates={[CREDIT_NOTES, INVOICES, CUSTOMERS]}
      />
      <DataTable
        caption="Lines"
        columns={columns}
        rows={note.lines}
        rowKey={(line) => line.id}
        busy={false}
        error={null}
        empty="No lines."
      />
      <div className="grid-2">
        <Fields
          items={[
            [
              'Customer',
              <Link key="c" href={`/customers/${note.customer.id}`}>
                {note.customer.name}
              </Link>,
            ],
            [
              'Invoice',
              note.invoice ? (
                <Link key="i" href={`/invoices/${note.invoice.id}`}>
                  {note.invoice.invoiceNumber}
                </Link>
              ) : null,
            ],
            [
              'Sales order',
              note.salesOrder ? (
                <Link key="o" href={`/sales-orders/${note.salesOrder.id}`}>
                  {note.salesOrder.orderNumber}
                </Link>
              ) : null,
            ],
            ['Dated', formatDate(note.creditDate)],
            ['Stock returned', note.returnStock ? 'Yes, on approval' : 'No'],
            ['Approved', formatDateTime(note.approvedAt)],
            ...(note.voidedAt
              ? ([
                  ['Voided', formatDateTime(note.voidedAt)],
                  ['Void reason', note.voidReason],
                ] as [string, string | null][])
              : []),
          ]}
        />
        <Fields
          items={[
            ['Subtotal', money(note.subtotal)],
            ['Tax', money(note.taxTotal)],
            ['Total', <strong key="total">{money(note.totalAmount)}</strong>],
          ]}
        />
      </div>
    </section>
  );
}
