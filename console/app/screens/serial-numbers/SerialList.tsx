import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { SERIAL_STATUSES } from '../../../../domain/inventory/serial.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { enumOne } from '../../ui/enum-filter.js';
import { formatDate } from '../../ui/format.js';
import { ListScreen, useListParams, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';

type Serial = Schemas['SerialNumber'];

/** The query key prefix of everything read from /serial-numbers: a status change invalidates it all. */
export const SERIALS = ['serial-numbers'] as const;

const COLUMNS: readonly Column<Serial>[] = [
  {
    header: 'Serial',
    cell: (serial) => <Link href={`/serial-numbers/${serial.id}`}>{serial.serialNumber}</Link>,
  },
  { header: 'Product', cell: (serial) => serial.product.name ?? serial.product.id },
  { header: 'SKU', cell: (serial) => serial.product.sku ?? '—', secondary: true },
  { header: 'Status', cell: (serial) => <StatusBadge status={serial.status} /> },
  { header: 'Received', cell: (serial) => formatDate(serial.receivedAt), secondary: true },
  { header: 'Sold', cell: (serial) => formatDate(serial.soldAt), secondary: true },
];

/** The product a list is narrowed to (`?productId=`, from a product's detail), named, with a way back to all. */
function ProductScope({ productId }: { productId: string }) {
  const api = useApi();
  const [, update] = useListParams();
  const product = useQuery({
    queryKey: ['products', productId, 'serial-scope'],
    queryFn: () => ok(api.GET('/products/{id}', { params: { path: { id: productId } } })),
  });
  return (
    <p className="muted">
      Serials of {product.data ? `${product.data.sku} · ${product.data.name}` : 'one product'}.{' '}
      <button type="button" className="secondary outline" onClick={() => update({ productId: undefined })}>
        Show every product
      </button>
    </p>
  );
}

/** Serial numbers: an exact lookup by serial (any product), a status filter, newest first. */
export function SerialList() {
  const [params] = useListParams();
  const productId = params.filters.productId;
  return (
    <ListScreen
      title="Serial numbers"
      noun={{ one: 'serial number', many: 'serial numbers' }}
      queryKey={SERIALS}
      load={(api, listParams) =>
        ok(
          api.GET('/serial-numbers', {
            params: {
              query: {
                // The API looks a serial up exactly (case and surrounding blanks ignored), in any product.
                serial: listParams.search,
                status: enumOne(listParams.filters.status, SERIAL_STATUSES),
                productId: listParams.filters.productId,
                page: listParams.page,
                pageSize: listParams.pageSize,
              },
            },
          }),
        )
      }
      columns={COLUMNS}
      rowKey={(serial) => serial.id}
      search="Exact serial number"
      filters={[{ name: 'status', label: 'Status', options: SERIAL_STATUSES }]}
      empty={params.search ? `No serial number ${params.search}.` : 'No serial numbers match.'}
      actions={productId && <ProductScope productId={productId} />}
    />
  );
}
