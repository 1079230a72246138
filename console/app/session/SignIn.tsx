import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import type { CurrentKey } from './can.js';
import { describeKey } from './client.js';

/**
 * Sign in by pasting an API key. Nothing is stored until the API accepts it; a refusal shows the API's
 * own message. The key stays in this tab (session/storage.ts).
 */
export function SignIn({
  notice,
  onSignedIn,
}: {
  notice: string | null;
  onSignedIn: (apiKey: string, described: CurrentKey) => void;
}) {
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    if (!key) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(key, await describeKey(key));
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return (
    <main className="container narrow sign-in">
      <article>
        <header>
          <h1>StockFlow console</h1>
          <p>Sign in with an API key of your organisation.</p>
        </header>
        {notice && (
          <p role="status" className="notice">
            {notice}
          </p>
        )}
        <form onSubmit={(event) => void submit(event)}>
          <label htmlFor="api-key">API key</label>
          <input
            id="api-key"
            name="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            aria-describedby="api-key-help"
            aria-invalid={error ? true : undefined}
          />
          <small id="api-key-help">
            Kept in this browser tab only, until you sign out or close it. The console can do what this key
            may do, nothing more.
          </small>
          {error !== null && <ErrorMessage error={error} />}
          <button type="submit" aria-busy={busy} disabled={busy}>
            Sign in
          </button>
        </form>
      </article>
    </main>
  );
}
