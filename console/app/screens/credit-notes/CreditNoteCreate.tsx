import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useAction } from '../../ui/actions.js';
import { useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatMoney, formatQuantity } from '../../ui/format.js';
import { CUSTOMERS } from '../customers/queries.js';
import { INVOICES } from '../invoices/queries.js';
import { CREDIT_NOTES } from './queries.js';

/**
 * A credit note from an invoice: how much of each invoiced line to credit, at the invoiced price and tax.
 * It is created DRAFT; approving it (on its detail) applies it to the invoice.
 */
export function CreditNoteCreate() {
  const [search] = useSearchParams();
  const invoiceId = search.get('invoiceId') ?? '';
  const [, setLocation] = useLocation();
  const id = useId();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const invoice = useDetail([...INVOICES, invoiceId], (api) =>
    api.GET('/invoices/{id}', { params: { path: { id: invoiceId } } }),
  );
  const create = useAction({
    run: (api, body: Schemas['CreditNoteCreate'], headers) =>
      ok(api.POST('/credit-notes', { headers, body })),
    invalidates: [CREDIT_NOTES, INVOICES, CUSTOMERS],
    onDone: (note) => setLocation(`/credit-notes/${note.id}`, { replace: true }),
  });

  if (!invoiceId) {
    return (
      <section>
        <h1>New credit note</h1>
        <p>
          A credit note starts from an invoice: open the <Link href="/invoices">invoice</Link> and choose
          “Create credit note”.
        </p>
      </section>
    );
  }
  if (invoice.isPending) return <p aria-busy="true">Loading the invoice…</p>;
  if (invoice.isError) return <ErrorMessage error={invoice.error} />;
  const inv = invoice.data.data;
  const money = (amount: number) => formatMoney(amount, inv.currency);
  const parsed = (soLineId: string) => Number(quantities[soLineId] || '0');
  const lines = inv.lines
    .map((line) => ({ line, quantity: parsed(line.soLineId) }))
    .filter(({ quantity }) => quantity > 0);
  const invalid = inv.lines.filter((line) => {
    const q = parsed(line.soLineId);
    return !Number.isFinite(q) || q < 0 || q > line.quantity;
  });
  const estimate = lines.reduce((sum, { line, quantity }) => sum + quantity * line.unitPrice, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0 || lines.length === 0) return;
    create.mutate({
      customerId: inv.customer.id,
      invoiceId: inv.id,
      salesOrderId: inv.salesOrder.id,
      lines: lines.map(({ line, quantity }) => ({
        productId: line.productId,
        quantity,
        unitPrice: line.unitPrice,
        taxRate: line.taxRate,
      })),
    });
  };

  return (
    <section>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={`/invoices/${inv.id}`}>{inv.invoiceNumber}</Link>
      </nav>
      <h1>New credit note</h1>
      <p className="lead">
        Against {inv.invoiceNumber} for {inv.customer.name}; balance due {money(inv.balanceDue)}.
      </p>
      <form onSubmit={submit} aria-label="New credit note" noValidate>
        <fieldset>
          <legend>Quantities to credit (at the invoiced price)</legend>
          {inv.lines.map((line) => {
            const fieldId = `${id}-${line.soLineId}`;
            const bad = invalid.includes(line);
            return (
              <label key={line.soLineId} htmlFor={fieldId}>
                {line.product.name} ({line.product.sku}), invoiced {formatQuantity(line.quantity)} at{' '}
                {money(line.unitPrice)}
                <input
                  id={fieldId}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={line.quantity}
                  step="any"
                  value={quantities[line.soLineId] ?? ''}
                  placeholder="0"
                  aria-invalid={bad || undefined}
                  aria-describedby={bad ? `${fieldId}-error` : undefined}
                  onChange={(event) => setQuantities({ ...quantities, [line.soLineId]: event.target.value })}
                />
                {bad && (
                  <small id={`${fieldId}-error`}>
                    Between 0 and {formatQuantity(line.quantity)}, the quantity invoiced.
                  </small>
                )}
              </label>
            );
          })}
        </fieldset>
        <p>
          Credit before tax: <strong>{money(estimate)}</strong>
        </p>
        {create.isError && <ErrorMessage error={create.error} title="The credit note was refused" />}
        <div className="actions">
          <button
            type="submit"
            aria-busy={create.isPending}
            disabled={create.isPending || lines.length === 0 || invalid.length > 0}
          >
            Create credit note
          </button>
          <Link href={`/invoices/${inv.id}`} role="button" className="secondary">
            Back
          </Link>
        </div>
      </form>
    </section>
  );
}
