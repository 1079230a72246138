import { Link } from 'wouter';
import { BATCH_STATUSES, type BatchStatus } from '../../../../domain/inventory/batch.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { formatDate } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';

type Lot = Schemas['Batch'];

/** The query key prefix of everything read from /batches: a lot action invalidates it all. */
export const LOTS = ['batches'] as const;

const statusOf = (value: string | undefined): BatchStatus | undefined =>
  (BATCH_STATUSES as readonly string[]).includes(value ?? '') ? (value as BatchStatus) : undefined;

const COLUMNS: readonly Column<Lot>[] = [
  { header: 'Lot', cell: (lot) => <Link href={`/lots/${lot.id}`}>{lot.batchNumber}</Link> },
  { header: 'Product', cell: (lot) => (lot.product ? lot.product.name : '—') },
  { header: 'Status', cell: (lot) => <StatusBadge status={lot.status} /> },
  { header: 'Expires', cell: (lot) => formatDate(lot.expiryDate) },
  { header: 'Made', cell: (lot) => formatDate(lot.manufactureDate), secondary: true },
  {
    header: 'Storage',
    cell: (lot) => (lot.storageCondition ? lot.storageCondition.toLowerCase() : '—'),
    secondary: true,
  },
];

/** Lots (the API's batches), earliest expiry first (FEFO), as the API lists them. */
export function LotList() {
  const can = useCan();
  return (
    <ListScreen
      title="Lots"
      noun={{ one: 'lot', many: 'lots' }}
      queryKey={LOTS}
      load={(api, params) =>
        ok(
          api.GET('/batches', {
            params: {
              query: {
                search: params.search,
                status: statusOf(params.filters.status),
                page: params.page,
                pageSize: params.pageSize,
              },
            },
          }),
        )
      }
      columns={COLUMNS}
      rowKey={(lot) => lot.id}
      search="Lot number"
      filters={[{ name: 'status', label: 'Status', options: BATCH_STATUSES }]}
      empty="No lots match."
      actions={
        can('POST /batches') && (
          <Link href="/lots/new" role="button">
            New lot
          </Link>
        )
      }
    />
  );
}
