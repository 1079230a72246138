import { Link } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { enumOne } from '../../ui/enum-filter.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { SUPPLIERS } from '../purchase-orders/queries.js';

type Supplier = Schemas['Supplier'];

const SORTS = ['name', 'code', 'createdAt', 'updatedAt'] as const;

const columns: readonly Column<Supplier>[] = [
  { header: 'Supplier', cell: (supplier) => <Link href={`/suppliers/${supplier.id}`}>{supplier.name}</Link> },
  { header: 'Code', cell: (supplier) => supplier.code },
  { header: 'Currency', cell: (supplier) => supplier.currency, secondary: true },
  { header: 'Email', cell: (supplier) => supplier.email || '—', secondary: true },
  { header: 'Phone', cell: (supplier) => supplier.phone ?? '—', secondary: true },
  {
    header: 'Status',
    cell: (supplier) => <StatusBadge status={supplier.isActive ? 'ACTIVE' : 'INACTIVE'} />,
  },
];

/** Suppliers: the API's search (name, code, email), inactive ones on request, sorts and paging. */
export function SupplierList() {
  const can = useCan();
  return (
    <ListScreen
      title="Suppliers"
      noun={{ one: 'supplier', many: 'suppliers' }}
      queryKey={SUPPLIERS}
      load={(api, params) =>
        ok(
          api.GET('/suppliers', {
            params: {
              query: {
                search: params.search,
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
      rowKey={(supplier) => supplier.id}
      search="Name, code or email"
      filters={[
        {
          name: 'show',
          label: 'Show',
          options: ['ALL'],
          labelOf: () => 'Active and inactive',
        },
      ]}
      sorts={[
        { value: 'name', label: 'Name' },
        { value: 'code', label: 'Code' },
        { value: 'createdAt', label: 'Added' },
      ]}
      empty="No suppliers match."
      actions={
        can('POST /suppliers') && (
          <Link href="/suppliers/new" role="button">
            New supplier
          </Link>
        )
      }
    />
  );
}
