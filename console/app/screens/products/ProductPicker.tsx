/**
 * Choosing a product in a form: type part of its name, SKU or barcode (the API's own product search), then
 * pick it from the matches. Two labelled controls, both reachable by keyboard; the matches are one
 * request per search.
 */
import '../../ui/line-editor.css';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';

export type PickedProduct = Schemas['Product'];

export function ProductPicker({
  label = 'Product',
  value,
  onChange,
  required,
}: {
  label?: string;
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  required?: boolean;
}) {
  const id = useId();
  const api = useApi();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const matches = useQuery({
    queryKey: ['products', 'picker', search],
    queryFn: () =>
      ok(api.GET('/products', { params: { query: { search: search || undefined, pageSize: 20 } } })),
    staleTime: 30_000,
  });
  const rows = matches.data?.data ?? [];
  const options = value && !rows.some((row) => row.id === value.id) ? [value, ...rows] : rows;
  return (
    <div className="product-picker">
      <label htmlFor={`${id}-search`}>
        Find {label.toLowerCase()}
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Name, SKU or barcode"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setSearch(text.trim());
            }
          }}
          onBlur={() => setSearch(text.trim())}
        />
      </label>
      <label htmlFor={`${id}-product`}>
        {label}
        <select
          id={`${id}-product`}
          required={required}
          aria-busy={matches.isFetching}
          value={value?.id ?? ''}
          onChange={(event) => onChange(options.find((row) => row.id === event.target.value) ?? null)}
        >
          <option value="">
            {matches.isFetching
              ? 'Searching…'
              : options.length === 0
                ? 'No product matches'
                : 'Choose a product'}
          </option>
          {options.map((row) => (
            <option key={row.id} value={row.id}>
              {row.sku} · {row.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
