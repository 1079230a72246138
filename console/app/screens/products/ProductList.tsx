import { Link } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { enumOne } from '../../ui/enum-filter.js';
import { formatQuantity } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';

type Product = Schemas['Product'];

export const PRODUCT_TYPES = ['STOCKED', 'NON_STOCKED', 'ASSEMBLED'] as const;
const SORTS = ['name', 'sku', 'createdAt', 'updatedAt'] as const;

/** What a product is tracked by, in words. */
export const trackingOf = (product: Pick<Product, 'isBatchTracked' | 'requiresSerialTracking'>) =>
  [product.isBatchTracked && 'lots', product.requiresSerialTracking && 'serial numbers']
    .filter(Boolean)
    .join(', ') || '—';

const columns: readonly Column<Product>[] = [
  { header: 'Product', cell: (product) => <Link href={`/products/${product.id}`}>{product.name}</Link> },
  { header: 'SKU', cell: (product) => product.sku },
  { header: 'Category', cell: (product) => product.category?.name ?? '—', secondary: true },
  { header: 'Tracked by', cell: trackingOf, secondary: true },
  {
    header: 'On hand',
    cell: (product) =>
      `${formatQuantity(product.totalStockOnHand)}${product.unitOfMeasure ? ` ${product.unitOfMeasure.abbreviation}` : ''}`,
    numeric: true,
  },
];

/** Products: the API's search (name, SKU, barcode), type and activity filters, sorts and paging. */
export function ProductList() {
  const can = useCan();
  return (
    <ListScreen
      title="Products"
      noun={{ one: 'product', many: 'products' }}
      queryKey={['products']}
      load={(api, params) =>
        ok(
          api.GET('/products', {
            params: {
              query: {
                search: params.search,
                productType: enumOne(params.filters.productType, PRODUCT_TYPES),
                includeInactive: params.filters.show === 'ALL' ? true : undefined,
                page: params.page,
                pageSize: params.pageSize,
                sortBy: enumOne(params.sortBy, SORTS),
                sortDir: params.sortDir,
              },
            },
          }),
        )
      }
      columns={columns}
      rowKey={(product) => product.id}
      search="Name, SKU or barcode"
      filters={[
        { name: 'productType', label: 'Type', options: PRODUCT_TYPES },
        { name: 'show', label: 'Show', options: ['ALL'], labelOf: () => 'Active and archived' },
      ]}
      sorts={[
        { value: 'name', label: 'Name' },
        { value: 'sku', label: 'SKU' },
        { value: 'updatedAt', label: 'Last changed' },
      ]}
      empty="No products match."
      actions={
        can('POST /products') && (
          <Link href="/products/new" role="button">
            New product
          </Link>
        )
      }
    />
  );
}
