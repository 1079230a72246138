/**
 * The choices a stock form offers besides products: warehouses (with their zones and bins, one request
 * for the form) and the bins of one warehouse.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';

export type Warehouse = Schemas['Warehouse'];

/** The organisation's active warehouses, zones and bins included. */
export function useWarehouses() {
  const api = useApi();
  return useQuery({
    queryKey: ['warehouses', 'choices'],
    queryFn: () => ok(api.GET('/warehouses', { params: { query: { pageSize: 200 } } })),
    staleTime: 60_000,
  });
}

/** Every bin of a warehouse, as "zone / bin". */
export const binsOf = (warehouse: Warehouse | undefined) =>
  (warehouse?.zones ?? []).flatMap((zone) =>
    zone.bins
      .filter((bin) => bin.isActive)
      .map((bin) => ({ id: bin.id, label: `${zone.name} / ${bin.code}` })),
  );

export function WarehouseSelect({
  label,
  value,
  onChange,
  required,
  hint,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  required?: boolean;
  hint?: string;
}) {
  const id = useId();
  const warehouses = useWarehouses();
  return (
    <label htmlFor={id}>
      {label}
      {!required && ' (optional)'}
      <select
        id={id}
        required={required}
        value={value}
        aria-busy={warehouses.isFetching}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{warehouses.isPending ? 'Loading…' : 'Choose a warehouse'}</option>
        {warehouses.data?.data.map((warehouse) => (
          <option key={warehouse.id} value={warehouse.id}>
            {warehouse.code} · {warehouse.name}
          </option>
        ))}
      </select>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </label>
  );
}

export function BinSelect({
  label,
  warehouse,
  value,
  onChange,
}: {
  label: string;
  warehouse: Warehouse | undefined;
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const bins = binsOf(warehouse);
  return (
    <label htmlFor={id}>
      {label} (optional)
      <select id={id} value={value} disabled={!warehouse} onChange={(event) => onChange(event.target.value)}>
        <option value="">
          {warehouse ? (bins.length ? 'No bin' : 'This warehouse has no bins') : 'Choose the warehouse first'}
        </option>
        {bins.map((bin) => (
          <option key={bin.id} value={bin.id}>
            {bin.label}
          </option>
        ))}
      </select>
    </label>
  );
}
