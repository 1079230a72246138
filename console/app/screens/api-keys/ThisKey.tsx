import { useState } from 'react';
import { Fields } from '../../ui/detail.js';
import { formatDate, formatDateTime } from '../../ui/format.js';
import { useCan, useSession } from '../../session/session.js';
import { describePermissions, describeScopes, KeyChange, Secret } from './ApiKeys.js';
import './api-keys.css';

/**
 * The key this console is signed in with: what it may do, and rotate or revoke it. Any key may do both to
 * itself (the catalogue's `keyOnly: 'own-id'`), so a key without keys.manage, which never sees the list of
 * keys, still finds them here. After a rotate the console carries on with the new secret.
 */
export function ThisKey() {
  const can = useCan();
  const { key } = useSession();
  const [changing, setChanging] = useState<'rotate' | 'revoke' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const target = { id: key.id };
  return (
    <section>
      <header className="screen-header">
        <h1>This key</h1>
        <p className="lead">
          The API key this console is signed in with. Rotate it when its secret may have been seen by someone
          else; revoke it when it is no longer needed.
        </p>
      </header>
      {secret && (
        <>
          <Secret name={key.name} secret={secret} onDone={() => setSecret(null)} />
          <p role="status">The console now uses the new secret.</p>
        </>
      )}
      <Fields
        items={[
          ['Name', key.name],
          ['Key', <code key="preview">{key.keyPreview}</code>],
          ['Scopes', describeScopes(key.scopes)],
          ['Permissions', describePermissions(key.permissions)],
          ['Created', formatDate(key.createdAt)],
          ['Last rotated', key.rotatedAt ? formatDateTime(key.rotatedAt) : 'Never'],
          ['Expires', key.expiresAt ? formatDate(key.expiresAt) : 'Never'],
        ]}
      />
      {changing ? (
        <KeyChange apiKey={key} kind={changing} onRotated={setSecret} onClose={() => setChanging(null)} />
      ) : (
        <div className="actions">
          {can('POST /api-keys/{id}/rotate', target) && (
            <button type="button" onClick={() => setChanging('rotate')}>
              Rotate this key
            </button>
          )}
          {can('DELETE /api-keys/{id}', target) && (
            <button type="button" className="secondary outline" onClick={() => setChanging('revoke')}>
              Revoke this key
            </button>
          )}
        </div>
      )}
    </section>
  );
}
