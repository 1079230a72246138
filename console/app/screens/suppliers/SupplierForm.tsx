/**
 * New supplier (`#/suppliers/new`) and edit supplier (`#/suppliers/:id/edit`): one form (ui/record-form),
 * created with POST /suppliers, edited with a merge-patch of the changed fields under If-Match.
 */
import { CURRENCIES } from '../../../../domain/currency.js';
import { ok, type Schemas } from '../../../client/index.js';
import { CURRENCY_OPTIONS } from '../../ui/currency-choice.js';
import { useDetail } from '../../ui/detail.js';
import { oneOf, shown, text, textOrNull, type FormValues } from '../../ui/form-values.js';
import type { FormSection } from '../../ui/record-form.js';
import { recordFormScreens, type RecordNoun } from '../../ui/record-screens.js';
import { SUPPLIERS } from '../purchase-orders/queries.js';

type Supplier = Schemas['SupplierDetail'];
type SupplierBody = Schemas['SupplierCreate'];

const SECTIONS: readonly FormSection[] = [
  {
    legend: 'Supplier',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'code', label: 'Code', required: true, hint: 'Up to 20 letters, digits, _ or -.' },
      {
        name: 'currency',
        label: 'Currency',
        type: 'select',
        options: CURRENCY_OPTIONS,
        hint: 'Purchase orders to them are priced in it.',
      },
      { name: 'taxNumber', label: 'Tax number' },
    ],
  },
  {
    legend: 'Contact',
    fields: [
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'phone', label: 'Phone', type: 'tel' },
      { name: 'address', label: 'Address' },
      { name: 'postcode', label: 'Postcode' },
      { name: 'department', label: 'Department' },
    ],
  },
  {
    legend: 'Sales contact',
    fields: [
      { name: 'salesContactName', label: 'Contact name' },
      { name: 'salesContactEmail', label: 'Contact email', type: 'email' },
      { name: 'salesContactPhone', label: 'Contact phone', type: 'tel' },
      { name: 'notes', label: 'Notes', type: 'textarea' },
    ],
  },
];

const valuesOf = (supplier: Supplier): FormValues => ({
  name: supplier.name,
  code: supplier.code,
  currency: supplier.currency,
  taxNumber: shown(supplier.taxNumber),
  email: supplier.email,
  phone: shown(supplier.phone),
  address: shown(supplier.address),
  postcode: shown(supplier.postcode),
  department: shown(supplier.department),
  salesContactName: shown(supplier.salesContactName),
  salesContactEmail: supplier.salesContactEmail,
  salesContactPhone: shown(supplier.salesContactPhone),
  notes: shown(supplier.notes),
});

const toBody = (values: FormValues): SupplierBody => ({
  name: text(values, 'name'),
  code: text(values, 'code'),
  currency: oneOf(values, 'currency', CURRENCIES),
  taxNumber: textOrNull(values, 'taxNumber'),
  // The API keeps "" for no email.
  email: text(values, 'email'),
  phone: textOrNull(values, 'phone'),
  address: textOrNull(values, 'address'),
  postcode: textOrNull(values, 'postcode'),
  department: textOrNull(values, 'department'),
  salesContactName: textOrNull(values, 'salesContactName'),
  salesContactEmail: text(values, 'salesContactEmail'),
  salesContactPhone: textOrNull(values, 'salesContactPhone'),
  notes: textOrNull(values, 'notes'),
});

const NOUN: RecordNoun = { singular: 'supplier', plural: 'Suppliers', listHref: '/suppliers' };

export const { Create: SupplierCreate, Edit: SupplierEdit } = recordFormScreens({
  noun: NOUN,
  sections: SECTIONS,
  valuesOf,
  toBody,
  queryKey: SUPPLIERS,
  useRecord: (id) =>
    useDetail([...SUPPLIERS, id], (api) => api.GET('/suppliers/{id}', { params: { path: { id } } })),
  create: (api, body, headers) => ok(api.POST('/suppliers', { headers, body })),
  update: (api, id, changed, headers) =>
    ok(api.PUT('/suppliers/{id}', { params: { path: { id } }, headers, body: changed })),
});
