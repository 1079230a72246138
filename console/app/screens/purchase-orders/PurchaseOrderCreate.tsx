/**
 * A new purchase order (DRAFT): the supplier (its currency prices the order), where the goods go, when
 * they are expected, and lines of product, quantity and unit price per base unit (the product's cost price
 * offered first). The API prices the lines and totals; the detail shows them.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { ok } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatQuantity } from '../../ui/format.js';
import { WarehouseSelect } from '../products/pickers.js';
import { ProductPicker, type PickedProduct } from '../products/ProductPicker.js';
import { PURCHASE_ORDERS } from './queries.js';

interface Line {
  key: number;
  product: PickedProduct | null;
  quantity: string;
  unitPrice: string;
}

let lineKeys = 0;
const newLine = (): Line => ({ key: ++lineKeys, product: null, quantity: '', unitPrice: '' });

/** A calendar date from a date input, as the API's date-time: the start of that UTC day. */
export const dateTime = (date: string): string | null => (date ? `${date}T00:00:00.000Z` : null);

export function PurchaseOrderCreate() {
  const id = useId();
  const api = useApi();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  // Opened from a supplier: that supplier is chosen.
  const [supplierId, setSupplierId] = useState(search.get('supplierId') ?? '');
  const [warehouseId, setWarehouseId] = useState('');
  const [expectedDate, setExpectedDate] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<Line[]>([newLine()]);
  const suppliers = useQuery({
    queryKey: ['suppliers', 'choices'],
    queryFn: () => ok(api.GET('/suppliers', { params: { query: { pageSize: 200, sortBy: 'name' } } })),
    staleTime: 60_000,
  });
  const supplier = suppliers.data?.data.find((row) => row.id === supplierId);

  const create = useAction({
    run: (client, _input: null, headers) =>
      ok(
        client.POST('/purchase-orders', {
          headers,
          body: {
            supplierId,
            warehouseId: warehouseId || null,
            expectedDate: dateTime(expectedDate),
            notes: notes.trim() || null,
            lines: lines.map((line) => ({
              productId: line.product?.id ?? '',
              quantity: Number(line.quantity),
              unitPrice: Number(line.unitPrice),
            })),
          },
        }),
      ),
    invalidates: [PURCHASE_ORDERS],
    onDone: (order) => navigate(`/purchase-orders/${order.id}`),
  });

  const change = (key: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(null);
  };

  return (
    <section>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/purchase-orders">Purchase orders</Link>
      </nav>
      <header className="screen-header">
        <h1>New purchase order</h1>
      </header>
      <form onSubmit={submit} aria-describedby={create.isError ? `${id}-error` : undefined}>
        <div className="grid-2">
          <label htmlFor={`${id}-supplier`}>
            Supplier
            <select
              id={`${id}-supplier`}
              required
              value={supplierId}
              aria-busy={suppliers.isFetching}
              onChange={(event) => setSupplierId(event.target.value)}
            >
              <option value="">{suppliers.isPending ? 'Loading…' : 'Choose a supplier'}</option>
              {suppliers.data?.data.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.code} · {row.name} ({row.currency})
                </option>
              ))}
            </select>
            {supplier && <small>Priced in {supplier.currency}, the supplier&apos;s currency.</small>}
          </label>
          <WarehouseSelect
            label="Deliver to warehouse"
            value={warehouseId}
            onChange={setWarehouseId}
            hint="Offered first when the goods are received."
          />
          <label htmlFor={`${id}-expected`}>
            Expected (optional)
            <input
              id={`${id}-expected`}
              type="date"
              value={expectedDate}
              onChange={(event) => setExpectedDate(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-notes`}>
            Notes (optional)
            <input id={`${id}-notes`} value={notes} onChange={(event) => setNotes(event.target.value)} />
          </label>
        </div>
        <h2>Lines</h2>
        {lines.map((line, index) => (
          <fieldset key={line.key} className="line-editor">
            <legend>Line {index + 1}</legend>
            <ProductPicker
              value={line.product}
              required
              onChange={(product) =>
                change(line.key, {
                  product,
                  unitPrice: line.unitPrice || (product ? String(product.costPrice) : ''),
                })
              }
            />
            <div className="grid-2">
              <label htmlFor={`${id}-${line.key}-quantity`}>
                Quantity
                <input
                  id={`${id}-${line.key}-quantity`}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="any"
                  required
                  value={line.quantity}
                  onChange={(event) => change(line.key, { quantity: event.target.value })}
                />
                {line.product && line.product.totalStockOnHand !== undefined && (
                  <small>{formatQuantity(line.product.totalStockOnHand)} on hand now</small>
                )}
              </label>
              <label htmlFor={`${id}-${line.key}-price`}>
                Unit price{supplier ? ` (${supplier.currency})` : ''}
                <input
                  id={`${id}-${line.key}-price`}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="any"
                  required
                  value={line.unitPrice}
                  onChange={(event) => change(line.key, { unitPrice: event.target.value })}
                />
                <small>Per base unit, before tax.</small>
              </label>
            </div>
            {lines.length > 1 && (
              <button
                type="button"
                className="secondary outline"
                onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
              >
                Remove line {index + 1}
              </button>
            )}
          </fieldset>
        ))}
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setLines([...lines, newLine()])}>
            Add line
          </button>
        </div>
        {create.isError && (
          <div id={`${id}-error`}>
            <ErrorMessage error={create.error} title="The purchase order was refused" />
          </div>
        )}
        <div className="actions">
          <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
            Create draft
          </button>
          <Link href="/purchase-orders">Back to purchase orders</Link>
        </div>
      </form>
    </section>
  );
}
