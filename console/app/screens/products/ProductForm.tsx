/**
 * New product (`#/products/new`) and edit product (`#/products/:id/edit`): one form (ui/record-form),
 * created with POST /products, edited with a merge-patch of the changed fields under If-Match. Its
 * prices (default sale price, cost, tax rate) are the product's own fields; the category is chosen from
 * GET /categories, and one can be added on the spot (POST /categories) when the key may.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi, useCan } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { humanise } from '../../ui/format.js';
import {
  flag,
  numberOrNull,
  numberOrOmit,
  oneOf,
  shown,
  text,
  textOrNull,
  type FormValues,
} from '../../ui/form-values.js';
import { RecordForm, type FormSection } from '../../ui/record-form.js';
import { RecordCreateScreen, RecordEditScreen, type RecordNoun } from '../../ui/record-screens.js';
import { PRODUCT_TYPES } from './ProductList.js';

type Product = Schemas['ProductDetail'];
type ProductBody = Schemas['ProductCreate'];

const PRODUCTS = ['products'] as const;
const CATEGORIES = ['categories'] as const;
const ALLOCATION = [
  { value: 'FEFO', label: 'First to expire, first out' },
  { value: 'MANUAL', label: 'Chosen by hand' },
] as const;
const POLICIES = ALLOCATION.map((policy) => policy.value);

function useChoices() {
  const api = useApi();
  const categories = useQuery({
    queryKey: [...CATEGORIES, 'choices'],
    queryFn: () => ok(api.GET('/categories', { params: { query: { pageSize: 200 } } })),
    staleTime: 60_000,
  });
  const units = useQuery({
    queryKey: ['units-of-measure', 'choices'],
    queryFn: () => ok(api.GET('/units-of-measure', { params: { query: { pageSize: 200 } } })),
    staleTime: 300_000,
  });
  return { categories: categories.data?.data ?? [], units: units.data?.data ?? [] };
}

function sectionsFor(
  categories: readonly Schemas['Category'][],
  units: readonly Schemas['UnitOfMeasure'][],
  mayAddCategory: boolean,
): readonly FormSection[] {
  return [
    {
      legend: 'Product',
      fields: [
        { name: 'name', label: 'Name', required: true },
        { name: 'sku', label: 'SKU', required: true },
        {
          name: 'productType',
          label: 'Type',
          type: 'select',
          options: PRODUCT_TYPES.map((type) => ({ value: type, label: humanise(type) })),
        },
        {
          name: 'categoryId',
          label: 'Category',
          type: 'select',
          wide: true,
          options: [
            { value: '', label: 'None' },
            ...categories.map((category) => ({ value: category.id, label: category.name })),
          ],
          extra: mayAddCategory ? (set) => <NewCategory onCreated={set} /> : undefined,
        },
        {
          name: 'unitOfMeasureId',
          label: 'Unit',
          type: 'select',
          options: [
            { value: '', label: 'None' },
            ...units.map((unit) => ({ value: unit.id, label: `${unit.name} (${unit.abbreviation})` })),
          ],
        },
        { name: 'barcode', label: 'Barcode' },
        { name: 'description', label: 'Description', type: 'textarea' },
      ],
    },
    {
      legend: 'Prices',
      fields: [
        { name: 'defaultPrice', label: 'Sale price', type: 'number', step: '0.0001', hint: 'Before tax.' },
        { name: 'costPrice', label: 'Cost price', type: 'number', step: '0.0001' },
        { name: 'taxRate', label: 'Tax rate %', type: 'number', step: 'any', hint: '15 for 15%.' },
      ],
    },
    {
      legend: 'Stock',
      fields: [
        { name: 'isBatchTracked', label: 'Tracked by lot', type: 'checkbox' },
        { name: 'requiresSerialTracking', label: 'Tracked by serial number', type: 'checkbox' },
        { name: 'allocationPolicy', label: 'Allocation', type: 'select', options: ALLOCATION },
        { name: 'shelfLifeDays', label: 'Shelf life (days)', type: 'number', step: '1' },
        { name: 'minStockLevel', label: 'Minimum stock', type: 'number' },
        { name: 'maxStockLevel', label: 'Maximum stock', type: 'number' },
        { name: 'reorderQuantity', label: 'Reorder quantity', type: 'number' },
        { name: 'notes', label: 'Notes', type: 'textarea' },
      ],
    },
  ];
}

// The API keeps the tax rate as a fraction (0.15); people type a percentage. Rounded both ways so an
// untouched 15 reads back as the stored 0.15 and is not sent as a change.
const percentOf = (fraction: number) => String(Math.round(fraction * 1_000_000) / 10_000);
const fractionOf = (values: FormValues): number | undefined => {
  const percent = numberOrOmit(values, 'taxRate');
  return percent === undefined ? undefined : Math.round(percent * 10_000) / 1_000_000;
};

const BLANK: FormValues = {
  productType: 'STOCKED',
  allocationPolicy: 'FEFO',
  categoryId: '',
  unitOfMeasureId: '',
};

const valuesOf = (product: Product): FormValues => ({
  name: product.name,
  sku: product.sku,
  productType: product.productType,
  categoryId: shown(product.categoryId),
  unitOfMeasureId: shown(product.unitOfMeasureId),
  barcode: shown(product.barcode),
  description: shown(product.description),
  defaultPrice: shown(product.defaultPrice),
  costPrice: shown(product.costPrice),
  taxRate: percentOf(product.taxRate),
  isBatchTracked: product.isBatchTracked,
  requiresSerialTracking: product.requiresSerialTracking,
  allocationPolicy: product.allocationPolicy,
  shelfLifeDays: shown(product.shelfLifeDays),
  minStockLevel: shown(product.minStockLevel),
  maxStockLevel: shown(product.maxStockLevel),
  reorderQuantity: shown(product.reorderQuantity),
  notes: shown(product.notes),
});

const toBody = (values: FormValues): ProductBody => ({
  name: text(values, 'name'),
  sku: text(values, 'sku'),
  productType: oneOf(values, 'productType', PRODUCT_TYPES),
  categoryId: textOrNull(values, 'categoryId'),
  unitOfMeasureId: textOrNull(values, 'unitOfMeasureId'),
  barcode: textOrNull(values, 'barcode'),
  description: textOrNull(values, 'description'),
  defaultPrice: numberOrOmit(values, 'defaultPrice'),
  costPrice: numberOrOmit(values, 'costPrice'),
  taxRate: fractionOf(values),
  isBatchTracked: flag(values, 'isBatchTracked'),
  requiresSerialTracking: flag(values, 'requiresSerialTracking'),
  allocationPolicy: oneOf(values, 'allocationPolicy', POLICIES),
  shelfLifeDays: numberOrNull(values, 'shelfLifeDays'),
  minStockLevel: numberOrNull(values, 'minStockLevel'),
  maxStockLevel: numberOrNull(values, 'maxStockLevel'),
  reorderQuantity: numberOrNull(values, 'reorderQuantity'),
  notes: textOrNull(values, 'notes'),
});

/** A category added from the product form, chosen at once. */
function NewCategory({ onCreated }: { onCreated: (id: string) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const add = useAction({
    run: (api, categoryName: string, headers) =>
      ok(api.POST('/categories', { headers, body: { name: categoryName } })),
    invalidates: [CATEGORIES],
    onDone: (category) => {
      setName('');
      onCreated(category.id);
    },
  });
  const press = () => {
    if (name.trim()) add.mutate(name.trim());
  };
  // Enter here adds the category; it must not submit the product form around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      press();
    }
  };
  return (
    <div>
      <label htmlFor={id} className="visually-hidden">
        New category name
      </label>
      <div className="record-inline-add">
        <input
          id={id}
          placeholder="Or a new category"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="secondary" aria-busy={add.isPending} onClick={press}>
          Add category
        </button>
      </div>
      {add.isError && <ErrorMessage error={add.error} title="The category was not added" />}
    </div>
  );
}

const NOUN: RecordNoun = { singular: 'product', plural: 'Products', listHref: '/products' };

export function ProductCreate() {
  const [, navigate] = useLocation();
  const can = useCan();
  const { categories, units } = useChoices();
  return (
    <RecordCreateScreen noun={NOUN}>
      <RecordForm
        mode="create"
        sections={sectionsFor(categories, units, can('POST /categories'))}
        initial={BLANK}
        toBody={toBody}
        save={(api, { body }, headers) => ok(api.POST('/products', { headers, body }))}
        invalidates={[PRODUCTS]}
        onDone={(product) => navigate(`/products/${product.id}`)}
        cancelHref="/products"
        submitLabel="Create product"
      />
    </RecordCreateScreen>
  );
}

export function ProductEdit() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const can = useCan();
  const { categories, units } = useChoices();
  const detail = useDetail([...PRODUCTS, id], (api) =>
    api.GET('/products/{id}', { params: { path: { id } } }),
  );
  return (
    <RecordEditScreen
      noun={NOUN}
      href={`/products/${id}`}
      detail={detail}
      form={({ data: product, etag }, reload) => (
        <RecordForm
          // A reloaded version starts a new form on its values and ETag.
          key={etag ?? product.updatedAt}
          mode="edit"
          sections={sectionsFor(categories, units, can('POST /categories'))}
          initial={valuesOf(product)}
          etag={etag}
          toBody={toBody}
          save={(api, { changed }, headers) =>
            ok(api.PUT('/products/{id}', { params: { path: { id } }, headers, body: changed }))
          }
          invalidates={[PRODUCTS]}
          onDone={() => navigate(`/products/${id}`)}
          onReload={reload}
          cancelHref={`/products/${id}`}
          submitLabel="Save changes"
        />
      )}
    />
  );
}
