/**
 * A goods receipt, as the person at the dock records it: where the goods went (warehouse, optionally a
 * bin), and per line what arrived: the quantity (the balance still to come offered), the lot number with
 * its expiry date for a lot-tracked product, the serial numbers (one per line, or generated) for a
 * serial-tracked one. The product's own tracking flags decide which fields show, as they decide the API.
 */
import { useQueries } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatQuantity } from '../../ui/format.js';
import { BinSelect, useWarehouses, WarehouseSelect } from '../products/pickers.js';
import { dateTime } from './PurchaseOrderCreate.js';
import { PURCHASE_ORDERS } from './queries.js';

type PurchaseOrder = Schemas['PurchaseOrderDetail'];
export type GoodsReceipt = Schemas['GoodsReceipt'];

interface LineInput {
  quantity: string;
  batchNumber: string;
  expiryDate: string;
  manufactureDate: string;
  serials: string;
  generate: boolean;
}

const serialList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((serial) => serial.trim())
    .filter(Boolean);

export function ReceiveForm({
  order,
  etag,
  onDone,
  onCancel,
}: {
  order: PurchaseOrder;
  etag: string | null;
  onDone: (receipt: GoodsReceipt) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const api = useApi();
  const open = order.lines.filter((line) => line.receivedQty < line.quantity);
  const [warehouseId, setWarehouseId] = useState(order.warehouseId ?? '');
  const [binId, setBinId] = useState('');
  const [notes, setNotes] = useState('');
  const [inputs, setInputs] = useState<Record<string, LineInput>>(() =>
    Object.fromEntries(
      open.map((line) => [
        line.id,
        {
          quantity: String(line.quantity - line.receivedQty),
          batchNumber: '',
          expiryDate: '',
          manufactureDate: '',
          serials: '',
          generate: false,
        },
      ]),
    ),
  );
  const warehouses = useWarehouses();
  const warehouse = warehouses.data?.data.find((row) => row.id === warehouseId);
  const productIds = [...new Set(open.map((line) => line.productId))];
  const products = useQueries({
    queries: productIds.map((productId) => ({
      queryKey: ['products', productId, 'detail', 'tracking'],
      queryFn: () => ok(api.GET('/products/{id}', { params: { path: { id: productId } } })),
      staleTime: 60_000,
    })),
  });
  const productOf = (productId: string) => products[productIds.indexOf(productId)]?.data;
  const loading = products.some((query) => query.isPending);

  const receive = useAction({
    run: (client, _input: null, headers) =>
      ok(
        client.POST('/purchase-orders/{id}/receipts', {
          params: { path: { id: order.id } },
          headers,
          body: {
            warehouseId,
            notes: notes.trim() || null,
            lines: open
              .filter((line) => Number(inputs[line.id]?.quantity) > 0)
              .map((line) => {
                const input = inputs[line.id]!;
                const product = productOf(line.productId);
                return {
                  poLineId: line.id,
                  productId: line.productId,
                  quantity: Number(input.quantity),
                  binId: binId || null,
                  ...(product?.isBatchTracked
                    ? {
                        batchNumber: input.batchNumber.trim(),
                        expiryDate: dateTime(input.expiryDate),
                        manufactureDate: dateTime(input.manufactureDate),
                      }
                    : {}),
                  ...(product?.requiresSerialTracking
                    ? input.generate
                      ? { autoGenerateSerials: true }
                      : { serialNumbers: serialList(input.serials) }
                    : {}),
                };
              }),
          },
        }),
      ),
    etag,
    invalidates: [PURCHASE_ORDERS, ['products'], ['stock-on-hand'], ['batches']],
    onDone,
  });

  const change = (lineId: string, patch: Partial<LineInput>) =>
    setInputs((current) => ({ ...current, [lineId]: { ...current[lineId]!, ...patch } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    receive.mutate(null);
  };

  return (
    <form className="action-form" aria-label="Receive goods" onSubmit={submit}>
      <h2>Receive goods</h2>
      <div className="grid-2">
        <WarehouseSelect
          label="Into warehouse"
          required
          value={warehouseId}
          onChange={(value) => {
            setWarehouseId(value);
            setBinId('');
          }}
        />
        <BinSelect label="Bin" warehouse={warehouse} value={binId} onChange={setBinId} />
        <label htmlFor={`${id}-notes`}>
          Notes (optional)
          <input
            id={`${id}-notes`}
            value={notes}
            placeholder="Delivery note, carrier, condition"
            onChange={(event) => setNotes(event.target.value)}
          />
        </label>
      </div>
      {loading && <p aria-busy="true">Reading the products&apos; tracking…</p>}
      {open.map((line) => {
        const input = inputs[line.id]!;
        const product = productOf(line.productId);
        const prefix = `${id}-${line.id}`;
        const count = serialList(input.serials).length;
        return (
          <fieldset key={line.id} className="line-editor">
            <legend>
              {line.product.sku} · {line.product.name}
            </legend>
            <p className="muted">
              Ordered {formatQuantity(line.quantity)}, received {formatQuantity(line.receivedQty)} so far
              {product?.isBatchTracked && ' · lot tracked'}
              {product?.requiresSerialTracking && ' · serial numbers'}
            </p>
            <div className="grid-2">
              <label htmlFor={`${prefix}-quantity`}>
                Quantity received ({line.product.sku})
                <input
                  id={`${prefix}-quantity`}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="any"
                  value={input.quantity}
                  onChange={(event) => change(line.id, { quantity: event.target.value })}
                />
                <small>0 leaves the line for a later receipt.</small>
              </label>
              {product?.isBatchTracked && (
                <>
                  <label htmlFor={`${prefix}-lot`}>
                    Lot number ({line.product.sku})
                    <input
                      id={`${prefix}-lot`}
                      required={Number(input.quantity) > 0}
                      value={input.batchNumber}
                      onChange={(event) => change(line.id, { batchNumber: event.target.value })}
                    />
                    <small>An existing lot of this product is added to; a new number makes a new lot.</small>
                  </label>
                  <label htmlFor={`${prefix}-expiry`}>
                    Expiry date ({line.product.sku}){product.expiryRequired ? '' : ' (optional)'}
                    <input
                      id={`${prefix}-expiry`}
                      type="date"
                      required={
                        product.expiryRequired && !product.shelfLifeDays && Number(input.quantity) > 0
                      }
                      value={input.expiryDate}
                      onChange={(event) => change(line.id, { expiryDate: event.target.value })}
                    />
                  </label>
                  <label htmlFor={`${prefix}-made`}>
                    Manufactured ({line.product.sku}) (optional)
                    <input
                      id={`${prefix}-made`}
                      type="date"
                      value={input.manufactureDate}
                      onChange={(event) => change(line.id, { manufactureDate: event.target.value })}
                    />
                  </label>
                </>
              )}
            </div>
            {product?.requiresSerialTracking && (
              <>
                <label htmlFor={`${prefix}-generate`}>
                  <input
                    id={`${prefix}-generate`}
                    type="checkbox"
                    checked={input.generate}
                    onChange={(event) => change(line.id, { generate: event.target.checked })}
                  />
                  Generate serial numbers for {line.product.sku}
                </label>
                {!input.generate && (
                  <label htmlFor={`${prefix}-serials`}>
                    Serial numbers ({line.product.sku})
                    <textarea
                      id={`${prefix}-serials`}
                      rows={3}
                      value={input.serials}
                      aria-describedby={`${prefix}-serials-count`}
                      onChange={(event) => change(line.id, { serials: event.target.value })}
                    />
                    <small id={`${prefix}-serials-count`}>
                      One per line (or separated by commas): {count} of{' '}
                      {formatQuantity(Number(input.quantity) || 0)}
                    </small>
                  </label>
                )}
              </>
            )}
          </fieldset>
        );
      })}
      {receive.isError && <ErrorMessage error={receive.error} title="The receipt was refused" />}
      <div className="actions">
        <button type="submit" aria-busy={receive.isPending} disabled={receive.isPending || loading}>
          Record receipt
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
