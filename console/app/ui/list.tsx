/**
 * Lists, the console's most used screen: the API's own search, filters, sorts and paging, kept in the
 * screen's URL (`#/sales-orders?status=DRAFT&page=2`) so back, reload and a shared link show the same
 * rows. One request per table (useQuery); the previous page stays on screen, marked busy, while the next
 * one loads.
 *
 * - <ListScreen>: a whole list screen (heading, controls, table, pager). Most screens need only this.
 * - <DataTable>: the table alone, for a list inside another screen (the today view, a detail's related
 *   records).
 * - useListParams(): the URL state, if a screen wants controls of its own.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import type { ApiClient } from '../../client/index.js';
import { useApi } from '../session/session.js';
import { ErrorMessage } from './ErrorMessage.js';
import { humanise } from './format.js';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, tabular figures: quantities and amounts. */
  numeric?: boolean;
  /** Left out on a phone (390 px), where only the columns that identify and decide fit. */
  secondary?: boolean;
}

export interface Page<T> {
  data: T[];
  pagination?: { total: number; page: number; pageSize: number; totalPages: number };
}

/** A filter the API takes as a query parameter, offered as a select of its values. */
export interface Filter {
  name: string;
  label: string;
  options: readonly string[];
  /** How an option reads (default: the API value humanised, PARTIALLY_DISPATCHED -> Partially dispatched). */
  labelOf?: (option: string) => string;
}

/** What the rows are, for "1 sales order", "42 sales orders". */
export interface Noun {
  one: string;
  many: string;
}

export interface Sort {
  value: string;
  label: string;
}

/** What a list screen asks the API for, read from (and written to) its URL. */
export interface ListParams {
  search: string | undefined;
  page: number;
  pageSize: number;
  sortBy: string | undefined;
  sortDir: 'asc' | 'desc' | undefined;
  /** The filters' values by name (only those set). */
  filters: Readonly<Record<string, string>>;
}

const PAGE_SIZE = 25;
const RESERVED = new Set(['search', 'page', 'pageSize', 'sortBy', 'sortDir']);

export function useListParams(): [ListParams, (change: Partial<Record<string, string | undefined>>) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page') ?? '1');
  const sortDir = search.get('sortDir');
  const params: ListParams = {
    search: search.get('search') ?? undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: Number(search.get('pageSize') ?? PAGE_SIZE) || PAGE_SIZE,
    sortBy: search.get('sortBy') ?? undefined,
    sortDir: sortDir === 'asc' || sortDir === 'desc' ? sortDir : undefined,
    filters: Object.fromEntries(
      [...search.entries()].filter(([name, value]) => !RESERVED.has(name) && value),
    ),
  };
  /** Sets or clears (undefined or '') parameters; any change but paging goes back to page 1. */
  const update = (change: Partial<Record<string, string | undefined>>) => {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(change)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in change)) next.delete('page');
        return next;
      },
      { replace: !('page' in change) },
    );
  };
  return [params, update];
}

/** The rows of one API list call, for as long as the table is on screen. */
export function useListQuery<T>(
  queryKey: QueryKey,
  load: (api: ApiClient) => Promise<Page<T>>,
): ReturnType<typeof useQuery<Page<T>>> {
  const api = useApi();
  return useQuery({ queryKey, queryFn: () => load(api), placeholderData: keepPreviousData });
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  busy,
  error,
  empty,
  captionHidden,
  bareWhenEmpty,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  busy: boolean;
  error: unknown;
  empty: string;
  /** The caption names the table for screen readers only (a heading above already says it). */
  captionHidden?: boolean;
  /** An empty result is the `empty` sentence alone, without the table's headings (short lists). */
  bareWhenEmpty?: boolean;
}) {
  if (bareWhenEmpty && rows?.length === 0 && !error) return <p className="muted empty">{empty}</p>;
  const cellClass = (column: Column<T>) =>
    [column.numeric ? 'numeric' : '', column.secondary ? 'secondary' : ''].join(' ').trim() || undefined;
  return (
    // Focusable and named: a table wider than a phone scrolls sideways, by keyboard too.
    <div className="table-wrap" aria-busy={busy} tabIndex={0} role="region" aria-label={caption}>
      {error !== null && error !== undefined ? <ErrorMessage error={error} /> : null}
      <table className="striped">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === undefined ? (
            <tr>
              <td colSpan={columns.length}>{busy ? 'Loading…' : '—'}</td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={cellClass(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({
  pagination,
  noun,
  onPage,
}: {
  pagination: NonNullable<Page<unknown>['pagination']>;
  noun: Noun;
  onPage: (page: number) => void;
}) {
  const { page, totalPages, total } = pagination;
  return (
    <nav aria-label={`Pages of ${noun.many}`} className="pager">
      <span>
        {total} {total === 1 ? noun.one : noun.many} · page {Math.min(page, Math.max(totalPages, 1))} of{' '}
        {Math.max(totalPages, 1)}
      </span>
      <div className="actions">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button
          type="button"
          className="secondary"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}

function ListControls({
  params,
  update,
  search,
  filters,
  sorts,
}: {
  params: ListParams;
  update: ReturnType<typeof useListParams>[1];
  search: string | undefined;
  filters: readonly Filter[];
  sorts: readonly Sort[];
}) {
  const id = useId();
  const [text, setText] = useState(params.search ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: text.trim() });
  };
  return (
    <div className="list-controls">
      {search && (
        <form className="search" onSubmit={submit}>
          <label htmlFor={`${id}-search`}>Search</label>
          <fieldset role="group">
            <input
              id={`${id}-search`}
              type="search"
              placeholder={search}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit">Search</button>
          </fieldset>
        </form>
      )}
      {filters.map((filter) => (
        <div key={filter.name}>
          <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
          <select
            id={`${id}-${filter.name}`}
            value={params.filters[filter.name] ?? ''}
            onChange={(event) => update({ [filter.name]: event.target.value })}
          >
            <option value="">Any</option>
            {filter.options.map((option) => (
              <option key={option} value={option}>
                {(filter.labelOf ?? humanise)(option)}
              </option>
            ))}
          </select>
        </div>
      ))}
      {sorts.length > 0 && (
        <div>
          <label htmlFor={`${id}-sort`}>Sort</label>
          <select
            id={`${id}-sort`}
            value={params.sortBy ? `${params.sortBy}:${params.sortDir ?? 'desc'}` : ''}
            onChange={(event) => {
              const [sortBy, sortDir] = event.target.value.split(':');
              update({ sortBy, sortDir });
            }}
          >
            <option value="">Default</option>
            {sorts.flatMap((sort) => [
              <option key={`${sort.value}:desc`} value={`${sort.value}:desc`}>
                {sort.label}, newest or largest first
              </option>,
              <option key={`${sort.value}:asc`} value={`${sort.value}:asc`}>
                {sort.label}, oldest or smallest first
              </option>,
            ])}
          </select>
        </div>
      )}
    </div>
  );
}

/**
 * A list screen: `load` maps the URL's parameters onto the API's typed query (the screen knows which
 * filters its endpoint takes) and calls it once per change.
 */
export function ListScreen<T>({
  title,
  noun,
  queryKey,
  load,
  columns,
  rowKey,
  search,
  filters = [],
  sorts = [],
  empty,
  actions,
}: {
  title: string;
  /** Lower case, for the pager's "1 sales order", "42 sales orders". */
  noun: Noun;
  /** The resource's query key prefix, e.g. ['sales-orders']: an action's invalidation refreshes it. */
  queryKey: QueryKey;
  load: (api: ApiClient, params: ListParams) => Promise<Page<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The search box's placeholder (what the API's `search` matches); none: no search box. */
  search?: string;
  filters?: readonly Filter[];
  sorts?: readonly Sort[];
  empty: string;
  /** Buttons beside the heading (a create action). */
  actions?: ReactNode;
}) {
  const [params, update] = useListParams();
  const query = useListQuery([...queryKey, 'list', params], (api) => load(api, params));
  return (
    <section>
      <header className="screen-header">
        <h1>{title}</h1>
        {actions}
      </header>
      <ListControls params={params} update={update} search={search} filters={filters} sorts={sorts} />
      <DataTable
        caption={title}
        captionHidden
        columns={columns}
        rows={query.data?.data}
        rowKey={rowKey}
        busy={query.isFetching}
        error={query.error}
        empty={empty}
      />
      {query.data?.pagination && (
        <Pager
          pagination={query.data.pagination}
          noun={noun}
          onPage={(page) => update({ page: String(page) })}
        />
      )}
    </section>
  );
}
