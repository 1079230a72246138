/**
 * A stock transfer between two warehouses, done when recorded: per line the product, where it comes from
 * (a bin and lot that holds it in the source warehouse, with what is available there), how much, and
 * optionally the bin it goes to.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ok } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatQuantity } from '../../ui/format.js';
import { BinSelect, useWarehouses, WarehouseSelect } from '../products/pickers.js';
import { ProductPicker, type PickedProduct } from '../products/ProductPicker.js';
import { STOCK_TRANSFERS } from './TransferList.js';

interface Line {
  key: number;
  product: PickedProduct | null;
  /** `binId|batchId` of the source row chosen ('' parts for none). */
  source: string;
  quantity: string;
  toBinId: string;
}

let lineKeys = 0;
const newLine = (): Line => ({ key: ++lineKeys, product: null, source: '', quantity: '', toBinId: '' });

/** The places a product is in one warehouse: each bin, each lot in it, with what is available. */
function SourceSelect({
  productId,
  warehouseId,
  value,
  onChange,
}: {
  productId: string;
  warehouseId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const api = useApi();
  const stock = useQuery({
    queryKey: ['stock-on-hand', 'source', productId, warehouseId],
    queryFn: () =>
      ok(api.GET('/stock-on-hand', { params: { query: { productId, warehouseId, pageSize: 200 } } })),
    enabled: Boolean(warehouseId),
  });
  const options = (stock.data?.data ?? []).flatMap((row) => {
    const bin = row.bin?.code ?? 'No bin';
    if (!row.batches?.length) {
      return [
        {
          value: `${row.bin?.id ?? ''}|`,
          label: `${bin} · ${formatQuantity(row.quantityAvailable)} available`,
        },
      ];
    }
    return row.batches.map((batch) => ({
      value: `${row.bin?.id ?? ''}|${batch.batchId}`,
      label: `${bin} · lot ${batch.batchNumber ?? batch.batchId}${
        batch.expiryDate ? ` (expires ${formatDate(batch.expiryDate)})` : ''
      } · ${formatQuantity(batch.quantityAvailable)} available`,
    }));
  });
  return (
    <label htmlFor={id}>
      Take from
      <select
        id={id}
        required
        value={value}
        disabled={!warehouseId}
        aria-busy={stock.isFetching}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">
          {!warehouseId
            ? 'Choose the source warehouse first'
            : stock.isPending
              ? 'Loading…'
              : options.length
                ? 'Choose a bin and lot'
                : 'None of it is in this warehouse'}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TransferCreate() {
  const id = useId();
  const [, navigate] = useLocation();
  const [fromWarehouseId, setFrom] = useState('');
  const [toWarehouseId, setTo] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<Line[]>([newLine()]);
  const warehouses = useWarehouses();
  const toWarehouse = warehouses.data?.data.find((row) => row.id === toWarehouseId);

  const create = useAction({
    run: (client, _input: null, headers) =>
      ok(
        client.POST('/stock-transfers', {
          headers,
          body: {
            fromWarehouseId,
            toWarehouseId,
            notes: notes.trim() || null,
            lines: lines.map((line) => {
              const [fromBinId = '', batchId = ''] = line.source.split('|');
              return {
                productId: line.product?.id ?? '',
                quantity: Number(line.quantity),
                batchId: batchId || null,
                fromBinId: fromBinId || null,
                toBinId: line.toBinId || null,
              };
            }),
          },
        }),
      ),
    invalidates: [STOCK_TRANSFERS, ['products'], ['stock-on-hand']],
    onDone: (transfer) => navigate(`/stock-transfers/${transfer.id}`),
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
        <Link href="/stock-transfers">Stock transfers</Link>
      </nav>
      <header className="screen-header">
        <h1>New stock transfer</h1>
      </header>
      <form onSubmit={submit}>
        <div className="grid-2">
          <WarehouseSelect
            label="From warehouse"
            required
            value={fromWarehouseId}
            onChange={(value) => {
              setFrom(value);
              setLines((current) => current.map((line) => ({ ...line, source: '' })));
            }}
          />
          <WarehouseSelect
            label="To warehouse"
            required
            value={toWarehouseId}
            onChange={(value) => {
              setTo(value);
              setLines((current) => current.map((line) => ({ ...line, toBinId: '' })));
            }}
          />
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
              onChange={(product) => change(line.key, { product, source: '' })}
            />
            <div className="grid-2">
              {line.product ? (
                <SourceSelect
                  productId={line.product.id}
                  warehouseId={fromWarehouseId}
                  value={line.source}
                  onChange={(source) => change(line.key, { source })}
                />
              ) : (
                <p className="muted">Choose the product to see where it is.</p>
              )}
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
              </label>
              <BinSelect
                label="Put into bin"
                warehouse={toWarehouse}
                value={line.toBinId}
                onChange={(toBinId) => change(line.key, { toBinId })}
              />
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
        {create.isError && <ErrorMessage error={create.error} title="The transfer was refused" />}
        <div className="actions">
          <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
            Transfer stock
          </button>
          <Link href="/stock-transfers">Back to stock transfers</Link>
        </div>
      </form>
    </section>
  );
}
