/**
 * Names for the ids a stock document keeps (adjustment and transfer lines carry productId, batchId,
 * binId): one GET per distinct product or lot, cached, so a detail reads "P-100 Cheddar 1 kg, lot
 * CHD-2611" instead of ids. Bins come with the warehouses (pickers.ts).
 */
import { useQueries } from '@tanstack/react-query';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi, useCan } from '../../session/session.js';
import type { Warehouse } from './pickers.js';

export function useProducts(ids: readonly string[]): Map<string, Schemas['ProductDetail']> {
  const api = useApi();
  const distinct = [...new Set(ids)];
  const queries = useQueries({
    queries: distinct.map((id) => ({
      queryKey: ['products', id, 'detail', 'name'],
      queryFn: () => ok(api.GET('/products/{id}', { params: { path: { id } } })),
      staleTime: 60_000,
    })),
  });
  return new Map(
    queries.flatMap((query, index) => (query.data ? [[distinct[index]!, query.data] as const] : [])),
  );
}

export function useLots(ids: readonly (string | null)[]): Map<string, Schemas['BatchDetail']> {
  const api = useApi();
  const can = useCan();
  const distinct = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const queries = useQueries({
    queries: distinct.map((id) => ({
      queryKey: ['batches', id, 'detail', 'name'],
      queryFn: () => ok(api.GET('/batches/{id}', { params: { path: { id } } })),
      staleTime: 60_000,
      enabled: can('GET /batches/{id}'),
    })),
  });
  return new Map(
    queries.flatMap((query, index) => (query.data ? [[distinct[index]!, query.data] as const] : [])),
  );
}

/** "Main / A-1" for a bin of one of the warehouses, or the id when unknown. */
export function binName(warehouses: readonly Warehouse[] | undefined, binId: string | null): string {
  if (!binId) return '—';
  for (const warehouse of warehouses ?? []) {
    for (const zone of warehouse.zones) {
      const bin = zone.bins.find((candidate) => candidate.id === binId);
      if (bin) return `${zone.name} / ${bin.code}`;
    }
  }
  return binId;
}

export function warehouseName(warehouses: readonly Warehouse[] | undefined, warehouseId: string): string {
  const warehouse = warehouses?.find((row) => row.id === warehouseId);
  return warehouse ? `${warehouse.code} · ${warehouse.name}` : warehouseId;
}
