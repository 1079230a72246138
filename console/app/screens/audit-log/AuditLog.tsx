import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { SCREENS } from '../../routes.js';
import { useApi, useCan, useSession } from '../../session/session.js';
import { formatDateTime, humanise } from '../../ui/format.js';
import { DataTable, useListParams, type Column } from '../../ui/list.js';
import { ENTITY_ROUTES, entityLabel } from './entities.js';
import './audit-log.css';

type Entry = Schemas['AuditEntry'];

/** The key id the operator's CLI writes under (functions/platform/journal). */
const BACK_OFFICE = 'back-office';
const FILTERS = ['entityType', 'entityId', 'action', 'keyId', 'dateFrom', 'dateTo'] as const;
type FilterName = (typeof FILTERS)[number];

/** The console path of an entry's entity, when the console has a screen for it that the key may open. */
function useEntityHref(): (entry: Entry) => string | null {
  const can = useCan();
  return (entry) => {
    const pattern = ENTITY_ROUTES[entry.entityType];
    const screen = pattern && SCREENS.find((candidate) => candidate.path === pattern);
    if (!screen || (screen.needs && !can(screen.needs))) return null;
    return pattern.replace(':id', encodeURIComponent(entry.entityId));
  };
}

/** The keys' names by id, when this key may list them (keys.manage); otherwise ids are shown. */
function useKeyNames(): ReadonlyMap<string, string> {
  const api = useApi();
  const can = useCan();
  const { key } = useSession();
  const keys = useQuery({
    queryKey: ['api-keys', 'list'],
    queryFn: () => ok(api.GET('/api-keys')),
    enabled: can('GET /api-keys'),
  });
  return new Map([[key.id, key.name], ...(keys.data?.data ?? []).map((row) => [row.id, row.name] as const)]);
}

function Filters({
  values,
  keyNames,
  onApply,
}: {
  values: Partial<Record<FilterName, string>>;
  keyNames: ReadonlyMap<string, string>;
  onApply: (values: Partial<Record<FilterName, string>>) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const input = (name: FilterName, label: string, type = 'text', placeholder?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        placeholder={placeholder}
        value={draft[name] ?? ''}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  return (
    <form className="list-controls audit-filters" onSubmit={submit} aria-label="Filter the audit log">
      <div>
        <label htmlFor={`${id}-entityType`}>Record type</label>
        <select
          id={`${id}-entityType`}
          value={draft.entityType ?? ''}
          onChange={(event) => setDraft({ ...draft, entityType: event.target.value })}
        >
          <option value="">Any</option>
          {Object.keys(ENTITY_ROUTES)
            .sort()
            .map((type) => (
              <option key={type} value={type}>
                {entityLabel(type)}
              </option>
            ))}
        </select>
      </div>
      {input('entityId', 'Record id')}
      {input('action', 'Action', 'text', 'create, confirm, rotate…')}
      <div>
        <label htmlFor={`${id}-keyId`}>By key</label>
        <select
          id={`${id}-keyId`}
          value={draft.keyId ?? ''}
          onChange={(event) => setDraft({ ...draft, keyId: event.target.value })}
        >
          <option value="">Anyone</option>
          {[...keyNames].map(([keyId, name]) => (
            <option key={keyId} value={keyId}>
              {name}
            </option>
          ))}
          <option value={BACK_OFFICE}>The operator (back office)</option>
        </select>
      </div>
      {input('dateFrom', 'From', 'date')}
      {input('dateTo', 'To', 'date')}
      <div className="actions">
        <button type="submit">Apply filters</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setDraft({});
            onApply(Object.fromEntries(FILTERS.map((name) => [name, undefined])));
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}

/**
 * The organisation's audit log, newest first: who (which key) did what to which record, with the API's
 * filters. The API does not count the log (it would read all of it), so paging is previous and next.
 */
export function AuditLog() {
  const [params, update] = useListParams();
  const keyNames = useKeyNames();
  const hrefOf = useEntityHref();
  const values: Partial<Record<FilterName, string>> = Object.fromEntries(
    FILTERS.flatMap((name) => (params.filters[name] ? [[name, params.filters[name]]] : [])),
  );
  const api = useApi();
  // Not useListQuery: the log's paging has no total, only whether an older page exists.
  const query = useQuery({
    queryKey: ['audit-log', 'list', values, params.page],
    queryFn: () =>
      ok(
        api.GET('/audit-log', {
          params: { query: { ...values, page: params.page, pageSize: params.pageSize } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  // The CLI's entries name who ran the command (issue 28): the given name, else the principal or account.
  const actor = ({ keyId, operator }: Entry) =>
    keyId !== BACK_OFFICE
      ? (keyNames.get(keyId) ?? keyId)
      : operator
        ? `The operator ${operator.name ?? operator.id} (back office)`
        : 'The operator (back office)';
  const columns: readonly Column<Entry>[] = [
    { header: 'When', cell: (row) => formatDateTime(row.at) },
    { header: 'Who', cell: (row) => actor(row) },
    { header: 'Action', cell: (row) => humanise(row.action) },
    {
      header: 'Record',
      cell: (row) => {
        const href = hrefOf(row);
        // The id on a line of its own, broken anywhere: a phone's column is narrower than an id.
        const label = (
          <>
            {entityLabel(row.entityType)} <span className="entity-id">{row.entityId}</span>
          </>
        );
        return href ? <Link href={href}>{label}</Link> : label;
      },
    },
    {
      header: 'Changed',
      cell: (row) => (row.changes.length > 0 ? row.changes.join(', ') : '—'),
      secondary: true,
    },
    { header: 'Request', cell: (row) => <code>{row.requestId}</code>, secondary: true },
  ];
  const pagination = query.data?.pagination;
  return (
    <section>
      <header className="screen-header">
        <h1>Audit log</h1>
        <p className="lead">
          Every change to the organisation’s records: when, by which key, and what changed.
        </p>
      </header>
      <Filters
        // A new URL (back, a shared link) starts the form again from it.
        key={JSON.stringify(values)}
        values={values}
        keyNames={keyNames}
        onApply={(next) => update(next)}
      />
      <DataTable
        caption="Audit log"
        captionHidden
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        busy={query.isFetching}
        error={query.error}
        empty="No entries match."
      />
      {pagination && (
        <nav aria-label="Pages of the audit log" className="pager">
          <span>Page {pagination.page}</span>
          <div className="actions">
            <button
              type="button"
              className="secondary"
              disabled={pagination.page <= 1}
              onClick={() => update({ page: String(pagination.page - 1) })}
            >
              Newer
            </button>
            <button
              type="button"
              className="secondary"
              disabled={!pagination.hasMore}
              onClick={() => update({ page: String(pagination.page + 1) })}
            >
              Older
            </button>
          </div>
        </nav>
      )}
    </section>
  );
}
