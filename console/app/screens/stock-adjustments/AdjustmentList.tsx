import { Link } from 'wouter';
import { ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES } from '../../../../domain/inventory/adjustment.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { enumList } from '../../ui/enum-filter.js';
import { formatDateTime, formatQuantity, humanise } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';

type Adjustment = Schemas['StockAdjustment'];

export const STOCK_ADJUSTMENTS = ['stock-adjustments'] as const;

/** The net change of an adjustment's lines, signed: "+12", "-3". */
export const netChange = (adjustment: Pick<Adjustment, 'lines'>) => {
  const net = adjustment.lines.reduce((sum, line) => sum + line.quantityChange, 0);
  return `${net > 0 ? '+' : ''}${formatQuantity(net)}`;
};

const columns: readonly Column<Adjustment>[] = [
  {
    header: 'Adjustment',
    cell: (row) => <Link href={`/stock-adjustments/${row.id}`}>{row.adjustmentNumber}</Link>,
  },
  { header: 'Reason', cell: (row) => humanise(row.reason) },
  { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
  { header: 'Lines', cell: (row) => row.lines.length, numeric: true, secondary: true },
  { header: 'Net change', cell: netChange, numeric: true },
  { header: 'Created', cell: (row) => formatDateTime(row.createdAt), secondary: true },
];

/** Stock adjustments: search by number, status and reason filters, paging (newest first). */
export function AdjustmentList() {
  const can = useCan();
  return (
    <ListScreen
      title="Stock adjustments"
      noun={{ one: 'adjustment', many: 'adjustments' }}
      queryKey={STOCK_ADJUSTMENTS}
      load={(api, params) =>
        ok(
          api.GET('/stock-adjustments', {
            params: {
              query: {
                search: params.search,
                status: enumList(params.filters.status, ADJUSTMENT_STATUSES),
                reason: enumList(params.filters.reason, ADJUSTMENT_REASONS),
                page: params.page,
                pageSize: params.pageSize,
              },
            },
          }),
        )
      }
      columns={columns}
      rowKey={(row) => row.id}
      search="Adjustment number"
      filters={[
        { name: 'status', label: 'Status', options: ADJUSTMENT_STATUSES },
        { name: 'reason', label: 'Reason', options: ADJUSTMENT_REASONS },
      ]}
      empty="No stock adjustments match."
      actions={
        can('POST /stock-adjustments') && (
          <Link href="/stock-adjustments/new" role="button">
            New adjustment
          </Link>
        )
      }
    />
  );
}
