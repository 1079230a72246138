import { Link } from 'wouter';
import { ok, type operations, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { formatMoney } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { CUSTOMERS } from './queries.js';

type Customer = Schemas['Customer'];
type CustomerSort = NonNullable<operations['listCustomers']['parameters']['query']>['sortBy'];

const COLUMNS: readonly Column<Customer>[] = [
  { header: 'Customer', cell: (c) => <Link href={`/customers/${c.id}`}>{c.name}</Link> },
  { header: 'Code', cell: (c) => c.code },
  { header: 'Email', cell: (c) => c.email ?? '—', secondary: true },
  { header: 'Currency', cell: (c) => c.currency, secondary: true },
  {
    header: 'Credit limit',
    cell: (c) => (c.creditLimit === null ? 'None' : formatMoney(c.creditLimit, c.currency)),
    numeric: true,
    secondary: true,
  },
  { header: 'On hold', cell: (c) => (c.creditHold ? 'On credit hold' : c.isActive ? '' : 'Inactive') },
];

/** Customers: the API's search on name, code and email; inactive ones on request. */
export function CustomerList() {
  const can = useCan();
  return (
    <ListScreen
      title="Customers"
      noun={{ one: 'customer', many: 'customers' }}
      queryKey={CUSTOMERS}
      load={(api, params) =>
        ok(
          api.GET('/customers', {
            params: {
              query: {
                search: params.search,
                includeInactive: params.filters.show === 'Inactive too' ? true : undefined,
                page: params.page,
                pageSize: params.pageSize,
                sortBy: params.sortBy as CustomerSort,
                sortDir: params.sortDir,
              },
            },
          }),
        )
      }
      columns={COLUMNS}
      rowKey={(c) => c.id}
      search="Name, code or email"
      filters={[{ name: 'show', label: 'Show', options: ['Inactive too'], labelOf: (o) => o }]}
      sorts={[
        { value: 'name', label: 'Name' },
        { value: 'code', label: 'Code' },
        { value: 'createdAt', label: 'Created' },
      ]}
      empty="No customers match."
      actions={
        can('POST /customers') && (
          <Link href="/customers/new" role="button">
            New customer
          </Link>
        )
      }
    />
  );
}
