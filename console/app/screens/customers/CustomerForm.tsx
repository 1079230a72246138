/**
 * New customer (`#/customers/new`) and edit customer (`#/customers/:id/edit`): one form (ui/record-form),
 * created with POST /customers, edited with a merge-patch of the changed fields under If-Match.
 */
import { CURRENCIES } from '../../../../domain/currency.js';
import { ok, type Schemas } from '../../../client/index.js';
import { CURRENCY_OPTIONS } from '../../ui/currency-choice.js';
import { useDetail } from '../../ui/detail.js';
import { numberOrNull, oneOf, shown, text, textOrNull, type FormValues } from '../../ui/form-values.js';
import type { FormSection } from '../../ui/record-form.js';
import { recordFormScreens, type RecordNoun } from '../../ui/record-screens.js';
import { CUSTOMERS } from './queries.js';

type Customer = Schemas['CustomerDetail'];
type CustomerBody = Schemas['CustomerCreate'];

const SECTIONS: readonly FormSection[] = [
  {
    legend: 'Customer',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'code', label: 'Code', required: true, hint: 'Up to 20 letters, digits, _ or -.' },
      {
        name: 'currency',
        label: 'Currency',
        type: 'select',
        options: CURRENCY_OPTIONS,
        hint: 'Orders and invoices are priced in it.',
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
      { name: 'suburb', label: 'Suburb' },
      { name: 'region', label: 'Region' },
      { name: 'postcode', label: 'Postcode' },
    ],
  },
  {
    legend: 'Terms',
    fields: [
      {
        name: 'paymentTermsDays',
        label: 'Payment terms (days)',
        type: 'number',
        step: '1',
        hint: "Empty: the organisation's default.",
      },
      { name: 'creditLimit', label: 'Credit limit', type: 'number', step: '0.01', hint: 'Empty: no limit.' },
      { name: 'discountPct', label: 'Discount %', type: 'number', step: '0.01' },
      { name: 'notes', label: 'Notes', type: 'textarea' },
    ],
  },
];

const valuesOf = (customer: Customer): FormValues => ({
  name: customer.name,
  code: customer.code,
  currency: customer.currency,
  taxNumber: shown(customer.taxNumber),
  email: shown(customer.email),
  phone: shown(customer.phone),
  address: shown(customer.address),
  suburb: shown(customer.suburb),
  region: shown(customer.region),
  postcode: shown(customer.postcode),
  paymentTermsDays: shown(customer.paymentTermsDays),
  creditLimit: shown(customer.creditLimit),
  discountPct: shown(customer.discountPct),
  notes: shown(customer.notes),
});

const toBody = (values: FormValues): CustomerBody => ({
  name: text(values, 'name'),
  code: text(values, 'code'),
  currency: oneOf(values, 'currency', CURRENCIES),
  taxNumber: textOrNull(values, 'taxNumber'),
  // The API takes an email or "" (none), never null.
  email: text(values, 'email'),
  phone: textOrNull(values, 'phone'),
  address: textOrNull(values, 'address'),
  suburb: textOrNull(values, 'suburb'),
  region: textOrNull(values, 'region'),
  postcode: textOrNull(values, 'postcode'),
  paymentTermsDays: numberOrNull(values, 'paymentTermsDays'),
  creditLimit: numberOrNull(values, 'creditLimit'),
  discountPct: numberOrNull(values, 'discountPct'),
  notes: textOrNull(values, 'notes'),
});

const NOUN: RecordNoun = { singular: 'customer', plural: 'Customers', listHref: '/customers' };

export const { Create: CustomerCreate, Edit: CustomerEdit } = recordFormScreens({
  noun: NOUN,
  sections: SECTIONS,
  valuesOf,
  toBody,
  queryKey: CUSTOMERS,
  useRecord: (id) =>
    useDetail([...CUSTOMERS, id], (api) => api.GET('/customers/{id}', { params: { path: { id } } })),
  create: (api, body, headers) => ok(api.POST('/customers', { headers, body })),
  update: (api, id, changed, headers) =>
    ok(api.PUT('/customers/{id}', { params: { path: { id } }, headers, body: changed })),
});
