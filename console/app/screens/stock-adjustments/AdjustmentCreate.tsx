/**
 * A new stock adjustment: why (the reasons the API accepts on a create), and lines of product, warehouse,
 * optionally bin and lot, and the signed change (+ found, - lost or damaged). Saved as a draft to check
 * first, or completed at once (the stock moves then).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { CREATABLE_REASONS, type AdjustmentReason } from '../../../../domain/inventory/adjustment.js';
import { ok } from '../../../client/index.js';
import { useApi, useCan } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, humanise } from '../../ui/format.js';
import { BinSelect, useWarehouses, WarehouseSelect } from '../products/pickers.js';
import { ProductPicker, type PickedProduct } from '../products/ProductPicker.js';
import { STOCK_ADJUSTMENTS } from './AdjustmentList.js';

interface Line {
  key: number;
  product: PickedProduct | null;
  warehouseId: string;
  binId: string;
  batchId: string;
  change: string;
}

let lineKeys = 0;
const newLine = (warehouseId = ''): Line => ({
  key: ++lineKeys,
  product: null,
  warehouseId,
  binId: '',
  batchId: '',
  change: '',
});

function LotSelect({
  productId,
  value,
  onChange,
}: {
  productId: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const api = useApi();
  const lots = useQuery({
    queryKey: ['batches', 'of-product', productId],
    queryFn: () => ok(api.GET('/batches', { params: { query: { productId, pageSize: 100 } } })),
    staleTime: 30_000,
  });
  return (
    <label htmlFor={id}>
      Lot
      <select
        id={id}
        required
        value={value}
        aria-busy={lots.isFetching}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{lots.isPending ? 'Loading…' : 'Choose a lot'}</option>
        {lots.data?.data.map((lot) => (
          <option key={lot.id} value={lot.id}>
            {lot.batchNumber} · {humanise(lot.status)}
            {lot.expiryDate ? ` · expires ${formatDate(lot.expiryDate)}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

export function AdjustmentCreate() {
  const id = useId();
  const can = useCan();
  const [, navigate] = useLocation();
  const [reason, setReason] = useState<AdjustmentReason>('CORRECTION');
  const [notes, setNotes] = useState('');
  const [complete, setComplete] = useState(false);
  const [lines, setLines] = useState<Line[]>([newLine()]);
  const warehouses = useWarehouses();
  const mayComplete = can('POST /stock-adjustments/{id}/complete');

  const create = useAction({
    run: (client, _input: null, headers) =>
      ok(
        client.POST('/stock-adjustments', {
          headers,
          body: {
            reason: reason === 'STOCK_REQUISITION' || reason === 'JOB_USE' ? 'OTHER' : reason,
            notes: notes.trim() || null,
            status: complete ? 'COMPLETED' : 'DRAFT',
            lines: lines.map((line) => ({
              productId: line.product?.id ?? '',
              warehouseId: line.warehouseId,
              binId: line.binId || null,
              batchId: line.batchId || null,
              quantityChange: Number(line.change),
            })),
          },
        }),
      ),
    invalidates: [STOCK_ADJUSTMENTS, ['products'], ['stock-on-hand']],
    onDone: (adjustment) => navigate(`/stock-adjustments/${adjustment.id}`),
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
        <Link href="/stock-adjustments">Stock adjustments</Link>
      </nav>
      <header className="screen-header">
        <h1>New stock adjustment</h1>
      </header>
      <form onSubmit={submit}>
        <div className="grid-2">
          <label htmlFor={`${id}-reason`}>
            Reason
            <select
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value as AdjustmentReason)}
            >
              {CREATABLE_REASONS.map((option) => (
                <option key={option} value={option}>
                  {humanise(option)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-notes`}>
            Notes (optional)
            <input id={`${id}-notes`} value={notes} onChange={(event) => setNotes(event.target.value)} />
          </label>
        </div>
        <h2>Lines</h2>
        {lines.map((line, index) => {
          const warehouse = warehouses.data?.data.find((row) => row.id === line.warehouseId);
          return (
            <fieldset key={line.key} className="line-editor">
              <legend>Line {index + 1}</legend>
              <ProductPicker
                value={line.product}
                required
                onChange={(product) => change(line.key, { product, batchId: '' })}
              />
              <div className="grid-2">
                <WarehouseSelect
                  label="Warehouse"
                  required
                  value={line.warehouseId}
                  onChange={(warehouseId) => change(line.key, { warehouseId, binId: '' })}
                />
                <BinSelect
                  label="Bin"
                  warehouse={warehouse}
                  value={line.binId}
                  onChange={(binId) => change(line.key, { binId })}
                />
                {line.product?.isBatchTracked && (
                  <LotSelect
                    productId={line.product.id}
                    value={line.batchId}
                    onChange={(batchId) => change(line.key, { batchId })}
                  />
                )}
                <label htmlFor={`${id}-${line.key}-change`}>
                  Change in quantity
                  <input
                    id={`${id}-${line.key}-change`}
                    type="number"
                    inputMode="decimal"
                    step="any"
                    required
                    value={line.change}
                    aria-describedby={`${id}-${line.key}-change-hint`}
                    onChange={(event) => change(line.key, { change: event.target.value })}
                  />
                  <small id={`${id}-${line.key}-change-hint`}>
                    Positive adds stock (found, returned); negative takes it away (lost, damaged).
                  </small>
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
          );
        })}
        <div className="actions">
          <button
            type="button"
            className="secondary"
            onClick={() => setLines([...lines, newLine(lines.at(-1)?.warehouseId)])}
          >
            Add line
          </button>
        </div>
        {mayComplete && (
          <label htmlFor={`${id}-complete`}>
            <input
              id={`${id}-complete`}
              type="checkbox"
              checked={complete}
              onChange={(event) => setComplete(event.target.checked)}
            />
            Complete it now (the stock moves at once; otherwise it is saved as a draft)
          </label>
        )}
        {create.isError && <ErrorMessage error={create.error} title="The adjustment was refused" />}
        <div className="actions">
          <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
            {complete ? 'Create and complete' : 'Save draft'}
          </button>
          <Link href="/stock-adjustments">Back to stock adjustments</Link>
        </div>
      </form>
    </section>
  );
}
