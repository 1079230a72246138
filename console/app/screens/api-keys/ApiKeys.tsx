import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FAMILIES, type Family } from '../../../../domain/auth/families.js';
import { grants, PERMISSIONS, type Permission } from '../../../../domain/auth/permissions.js';
import { scopesAllow, type Scope } from '../../../../domain/auth/scopes.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { useApi, useCan, useSession } from '../../session/session.js';
import './api-keys.css';

type ApiKey = Schemas['ApiKey'];
type ApiScope = Schemas['ApiKeyCreate']['scopes'][number];
type ApiPermission = Exclude<NonNullable<Schemas['ApiKeyCreate']['permissions']>, 'all'>[number];

/** The query key prefix of everything read from /api-keys. */
const KEYS = ['api-keys', 'list'] as const;

const FAMILY_LABELS: Record<Family, string> = {
  products: 'Products',
  inventory: 'Inventory (stock, lots, warehouses)',
  customers: 'Customers',
  suppliers: 'Suppliers',
  'sales-orders': 'Sales orders',
  'purchase-orders': 'Purchase orders',
  'production-orders': 'Production orders',
  invoices: 'Invoices and payments',
  'credit-notes': 'Credit notes',
  shipments: 'Shipments',
  reports: 'Reports',
  webhooks: 'Webhooks',
  admin: 'Administration (keys, audit log, organisation)',
};

/** Whether the signed-in key may hand a scope on (the API refuses a key wider than its creator). */
const within = (own: readonly Scope[], scope: Scope): boolean => {
  if (scope === 'read' || scope === 'write') return own.includes('write') || own.includes(scope);
  const [family, access] = scope.split(':') as [Family, 'read' | 'write'];
  return scopesAllow(own, family, access);
};

export const describeScopes = (scopes: readonly string[]) =>
  scopes
    .map((scope) => (scope === 'write' ? 'everything' : scope === 'read' ? 'read everything' : scope))
    .join(', ');

export const describePermissions = (permissions: ApiKey['permissions']) =>
  permissions === 'all' ? 'All' : permissions.length === 0 ? 'None' : permissions.join(', ');

/** A secret the API answered once: shown until dismissed, never stored. */
export function Secret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <section role="status" aria-label="New secret" className="notice secret">
      <h2>The secret of “{name}”</h2>
      <p>
        Copy it now and keep it somewhere safe: the API shows it <strong>only this once</strong>.
      </p>
      <p>
        <code className="secret-value" aria-label="Secret">
          {secret}
        </code>
      </p>
      <button type="button" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}

function NewKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: Schemas['ApiKeyCreated']) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { key: own } = useSession();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [allPermissions, setAllPermissions] = useState(true);
  const [permissions, setPermissions] = useState<ApiPermission[]>([]);
  const [expires, setExpires] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useAction<void, Schemas['ApiKeyCreated']>({
    run: (api, _input, headers) =>
      ok(
        api.POST('/api-keys', {
          headers,
          body: {
            name: name.trim(),
            scopes,
            ...(allPermissions ? {} : { permissions }),
            ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
          },
        }),
      ),
    invalidates: [KEYS, ['audit-log']],
    onDone: onCreated,
  });
  const toggle = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((x) => x !== item);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) {
      setProblem('Choose at least one scope.');
      return;
    }
    setProblem(null);
    create.mutate();
  };
  const scopeBox = (scope: ApiScope, label: string) => (
    <label key={scope}>
      <input
        type="checkbox"
        name="scope"
        value={scope}
        checked={scopes.includes(scope)}
        disabled={!within(own.scopes, scope)}
        onChange={(event) => setScopes(toggle(scopes, scope, event.target.checked))}
        aria-describedby={problem ? `${id}-scopes-error` : undefined}
      />
      {label}
    </label>
  );

  return (
    <form className="action-form wide" onSubmit={submit} aria-label="New API key">
      <h2>New API key</h2>
      <label htmlFor={`${id}-name`}>
        Name
        <input
          id={`${id}-name`}
          required
          maxLength={100}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <small>Who or what uses it: “Warehouse tablet”, “Shopify sync”.</small>
      </label>
      <fieldset>
        <legend>Scopes: what the key may read and change</legend>
        {problem && (
          <p id={`${id}-scopes-error`} className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="checkbox-grid">
          {scopeBox('read', 'Read everything')}
          {scopeBox('write', 'Read and change everything')}
        </div>
        <table className="scope-table">
          <caption className="visually-hidden">Scopes by area</caption>
          <thead>
            <tr>
              <th scope="col">Area</th>
              <th scope="col">Read</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {FAMILIES.map((family) => (
              <tr key={family}>
                <th scope="row">{FAMILY_LABELS[family]}</th>
                {(['read', 'write'] as const).map((access) => {
                  const scope: ApiScope = `${family}:${access}`;
                  return (
                    <td key={access}>
                      <input
                        type="checkbox"
                        aria-label={`${FAMILY_LABELS[family]}: ${access === 'read' ? 'read' : 'change'}`}
                        checked={scopes.includes(scope)}
                        disabled={!within(own.scopes, scope)}
                        onChange={(event) => setScopes(toggle(scopes, scope, event.target.checked))}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <small>Change includes read. Boxes this key may not hand on are disabled.</small>
      </fieldset>
      <fieldset>
        <legend>Permissions: which steps it may take within those scopes</legend>
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={allPermissions}
            onChange={(event) => setAllPermissions(event.target.checked)}
          />
          The same permissions as this key
        </label>
        {!allPermissions && (
          <div className="checkbox-grid">
            {PERMISSIONS.map((permission: Permission) => (
              <label key={permission}>
                <input
                  type="checkbox"
                  checked={permissions.includes(permission)}
                  disabled={!grants(own.permissions, permission)}
                  onChange={(event) => setPermissions(toggle(permissions, permission, event.target.checked))}
                />
                {permission}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <label htmlFor={`${id}-expires`}>
        Expires (optional)
        <input
          id={`${id}-expires`}
          type="date"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
        <small>At the end of that day. Leave empty for a key that does not expire.</small>
      </label>
      {create.isError && <ErrorMessage error={create.error} title="The key was not created" />}
      <div className="actions">
        <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
          Create key
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

/**
 * Rotate or revoke one key, asked first: both cut off whoever holds the old secret. The console's own key
 * carries on with its new secret after a rotate (the old one may stop at once, grace 0), and signs out
 * after a revoke.
 */
export function KeyChange({
  apiKey,
  kind,
  onRotated,
  onClose,
}: {
  apiKey: ApiKey;
  kind: 'rotate' | 'revoke';
  onRotated: (secret: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const { key: own, switchKey, signOut } = useSession();
  const isOwn = apiKey.id === own.id;
  const [grace, setGrace] = useState('24');
  // Answers the new secret of a rotate (null after a revoke, or a replay that carries none).
  const change = useAction<void, string | null>({
    run: async (api, _input, headers) => {
      const path = { params: { path: { id: apiKey.id } } };
      if (kind === 'revoke') {
        await ok(api.DELETE('/api-keys/{id}', { ...path, headers }));
        return null;
      }
      const rotated = await ok(
        api.POST('/api-keys/{id}/rotate', { ...path, headers, body: { graceHours: Number(grace) } }),
      );
      return rotated.key ?? null;
    },
    // The own key's session changes below and reads everything again with the new secret.
    invalidates: isOwn ? [] : [KEYS, ['audit-log']],
    onDone: (secret) => {
      onClose();
      if (secret) onRotated(secret);
      if (!isOwn) return;
      if (kind === 'revoke') signOut('This key was revoked: sign in with another one.');
      else if (secret) switchKey(secret);
    },
  });
  return (
    <form
      className="action-form"
      aria-label={`${kind === 'rotate' ? 'Rotate' : 'Revoke'} ${apiKey.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate();
      }}
    >
      <h2>
        {kind === 'rotate' ? 'Rotate' : 'Revoke'} “{apiKey.name}”
      </h2>
      {kind === 'rotate' ? (
        <label htmlFor={`${id}-grace`}>
          Hours the old secret keeps working
          <input
            id={`${id}-grace`}
            type="number"
            min={0}
            max={168}
            required
            value={grace}
            onChange={(event) => setGrace(event.target.value)}
          />
          <small>
            Time to put the new secret where the old one is used. Scopes and permissions stay the same.
          </small>
        </label>
      ) : (
        <p>
          Every secret of this key stops working within seconds. This cannot be undone.
          {isOwn && ' It is the key this console is signed in with: you will be signed out.'}
        </p>
      )}
      {change.isError && (
        <ErrorMessage error={change.error} title={`${kind === 'rotate' ? 'Rotate' : 'Revoke'} was refused`} />
      )}
      <div className="actions">
        <button
          type="submit"
          className={kind === 'revoke' ? 'contrast' : undefined}
          aria-busy={change.isPending}
          disabled={change.isPending}
        >
          {kind === 'rotate' ? 'Rotate key' : 'Revoke key'}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}

/** The organisation's API keys: who may do what, a new key with its secret shown once, rotate, revoke. */
export function ApiKeys() {
  const api = useApi();
  const can = useCan();
  const { key: own } = useSession();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [changing, setChanging] = useState<{ key: ApiKey; kind: 'rotate' | 'revoke' } | null>(null);
  const keys = useQuery({ queryKey: KEYS, queryFn: () => ok(api.GET('/api-keys')) });

  const mayChange = (row: ApiKey, operation: 'POST /api-keys/{id}/rotate' | 'DELETE /api-keys/{id}') =>
    row.revokedAt === null && can(operation, { id: row.id });

  const columns: readonly Column<ApiKey>[] = [
    {
      header: 'Name',
      cell: (row) => (
        <>
          {row.name}
          {row.id === own.id && <small className="muted"> (this console)</small>}
          <small className="lots">
            <code>{row.keyPreview}</code>
          </small>
          <div className="actions compact">
            {mayChange(row, 'POST /api-keys/{id}/rotate') && (
              <button
                type="button"
                // Not "secondary": in a table that class is a phone-hidden column (styles.css).
                className="outline"
                aria-label={`Rotate ${row.name}`}
                onClick={() => setChanging({ key: row, kind: 'rotate' })}
              >
                Rotate
              </button>
            )}
            {mayChange(row, 'DELETE /api-keys/{id}') && (
              <button
                type="button"
                className="outline contrast"
                aria-label={`Revoke ${row.name}`}
                onClick={() => setChanging({ key: row, kind: 'revoke' })}
              >
                Revoke
              </button>
            )}
          </div>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (row) =>
        row.revokedAt ? (
          <span className="badge badge-stopped">Revoked</span>
        ) : row.expiresAt && row.expiresAt < new Date().toISOString() ? (
          <span className="badge badge-stopped">Expired</span>
        ) : (
          <span className="badge badge-done">Active</span>
        ),
    },
    { header: 'Scopes', cell: (row) => describeScopes(row.scopes) },
    { header: 'Permissions', cell: (row) => describePermissions(row.permissions), secondary: true },
    { header: 'Created', cell: (row) => formatDate(row.createdAt), secondary: true },
    {
      header: 'Expires',
      cell: (row) => (row.revokedAt ? `Revoked ${formatDateTime(row.revokedAt)}` : formatDate(row.expiresAt)),
      secondary: true,
    },
  ];

  return (
    <section>
      <header className="screen-header">
        <h1>API keys</h1>
        {can('POST /api-keys') && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New key
          </button>
        )}
        <p className="lead">
          Each integration and each person gets a key of its own, with only the scopes and permissions it
          needs.
        </p>
      </header>
      {secret && <Secret name={secret.name} secret={secret.secret} onDone={() => setSecret(null)} />}
      {creating && (
        <NewKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            if (created.key) setSecret({ name: created.name, secret: created.key });
          }}
        />
      )}
      {changing && (
        <KeyChange
          apiKey={changing.key}
          kind={changing.kind}
          onRotated={(value) => setSecret({ name: changing.key.name, secret: value })}
          onClose={() => setChanging(null)}
        />
      )}
      <DataTable
        caption="API keys"
        captionHidden
        columns={columns}
        rows={keys.data?.data}
        rowKey={(row) => row.id}
        busy={keys.isFetching}
        error={keys.error}
        empty="No keys."
      />
      <p className="muted">Revoked keys stay listed with the time they were revoked.</p>
    </section>
  );
}
