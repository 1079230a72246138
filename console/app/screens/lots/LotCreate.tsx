/**
 * A new lot, before any stock is in it (receipts and adjustments then put stock into it): the product,
 * the lot number printed on the goods, its dates and how it is stored. Unique lot numbers are the API's
 * rule: a number already used is refused with its message.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { humanise } from '../../ui/format.js';
import { ProductPicker, type PickedProduct } from '../products/ProductPicker.js';
import { LOTS } from './LotList.js';

type StorageCondition = NonNullable<Schemas['BatchCreate']['storageCondition']>;
// The schema's closed set (domain/products/product.ts keeps it as a type only).
const STORAGE_CONDITIONS: readonly StorageCondition[] = ['AMBIENT', 'CHILLED', 'FROZEN'];

export function LotCreate() {
  const id = useId();
  const [, navigate] = useLocation();
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const [batchNumber, setBatchNumber] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [manufactureDate, setManufactureDate] = useState('');
  const [storage, setStorage] = useState<StorageCondition | ''>('');
  const [unitCost, setUnitCost] = useState('');
  const [notes, setNotes] = useState('');

  const create = useAction({
    run: (client, _input: null, headers) =>
      ok(
        client.POST('/batches', {
          headers,
          body: {
            productId: product?.id ?? '',
            batchNumber: batchNumber.trim(),
            expiryDate: expiryDate || null,
            manufactureDate: manufactureDate || null,
            storageCondition: storage || null,
            unitCost: unitCost.trim() ? Number(unitCost) : null,
            notes: notes.trim() || null,
          },
        }),
      ),
    invalidates: [LOTS],
    onDone: (lot) => navigate(`/lots/${lot.id}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(null);
  };
  // The product's own storage condition is what the lot needs unless told otherwise.
  const choose = (picked: PickedProduct | null) => {
    setProduct(picked);
    if (picked?.storageCondition && !storage) setStorage(picked.storageCondition);
  };

  return (
    <section>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/lots">Lots</Link>
      </nav>
      <header className="screen-header">
        <h1>New lot</h1>
        <p className="lead">The lot is empty until goods are received or adjusted into it.</p>
      </header>
      <form onSubmit={submit}>
        <ProductPicker value={product} required onChange={choose} />
        {product && !product.isBatchTracked && (
          <p className="notice">
            {product.sku} is not lot-tracked: its stock is not kept by lot, so this lot would stay empty.
          </p>
        )}
        <div className="grid-2">
          <label htmlFor={`${id}-number`}>
            Lot number
            <input
              id={`${id}-number`}
              required
              maxLength={100}
              value={batchNumber}
              onChange={(event) => setBatchNumber(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-expiry`}>
            Expiry date{product?.expiryRequired ? '' : ' (optional)'}
            <input
              id={`${id}-expiry`}
              type="date"
              required={product?.expiryRequired}
              value={expiryDate}
              onChange={(event) => setExpiryDate(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-made`}>
            Manufacture date (optional)
            <input
              id={`${id}-made`}
              type="date"
              value={manufactureDate}
              onChange={(event) => setManufactureDate(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-storage`}>
            Storage (optional)
            <select
              id={`${id}-storage`}
              value={storage}
              onChange={(event) =>
                setStorage(STORAGE_CONDITIONS.find((condition) => condition === event.target.value) ?? '')
              }
            >
              <option value="">Not stated</option>
              {STORAGE_CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {humanise(condition)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-cost`}>
            Unit cost (optional)
            <input
              id={`${id}-cost`}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              value={unitCost}
              onChange={(event) => setUnitCost(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-notes`}>
            Notes (optional)
            <input id={`${id}-notes`} value={notes} onChange={(event) => setNotes(event.target.value)} />
          </label>
        </div>
        {create.isError && <ErrorMessage error={create.error} title="The lot was refused" />}
        <div className="actions">
          <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
            Create lot
          </button>
          <Link href="/lots">Back to lots</Link>
        </div>
      </form>
    </section>
  );
}
