import { Link } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { formatDateTime, formatQuantity } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { useWarehouses } from '../products/pickers.js';

type Transfer = Schemas['StockTransfer'];

export const STOCK_TRANSFERS = ['stock-transfers'] as const;

const columns: readonly Column<Transfer>[] = [
  {
    header: 'Transfer',
    cell: (row) => <Link href={`/stock-transfers/${row.id}`}>{row.transferNumber}</Link>,
  },
  { header: 'From', cell: (row) => row.fromWarehouse.code },
  { header: 'To', cell: (row) => row.toWarehouse.code },
  { header: 'Lines', cell: (row) => row.lines.length, numeric: true, secondary: true },
  {
    header: 'Quantity',
    cell: (row) => formatQuantity(row.lines.reduce((sum, line) => sum + line.quantity, 0)),
    numeric: true,
    secondary: true,
  },
  { header: 'When', cell: (row) => formatDateTime(row.createdAt), secondary: true },
];

/** Stock transfers, newest first: by warehouse (either side), paging. */
export function TransferList() {
  const can = useCan();
  const warehouses = useWarehouses();
  const names = new Map(warehouses.data?.data.map((row) => [row.id, `${row.code} · ${row.name}`]));
  return (
    <ListScreen
      title="Stock transfers"
      noun={{ one: 'transfer', many: 'transfers' }}
      queryKey={STOCK_TRANSFERS}
      load={(api, params) =>
        ok(
          api.GET('/stock-transfers', {
            params: {
              query: {
                warehouseId: params.filters.warehouseId,
                page: params.page,
                pageSize: params.pageSize,
              },
            },
          }),
        )
      }
      columns={columns}
      rowKey={(row) => row.id}
      filters={[
        {
          name: 'warehouseId',
          label: 'Warehouse (out of or into)',
          options: [...names.keys()],
          labelOf: (warehouseId) => names.get(warehouseId) ?? warehouseId,
        },
      ]}
      empty="No stock transfers match."
      actions={
        can('POST /stock-transfers') && (
          <Link href="/stock-transfers/new" role="button">
            New transfer
          </Link>
        )
      }
    />
  );
}
