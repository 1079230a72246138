import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ApiClient } from '../../client/index.js';
import { clientFor, describeKey } from './client.js';
import { keyAllows, type CurrentKey, type Operation, type Target } from './can.js';
import { forgetKey, storedKey, storeKey, UNAUTHORISED_EVENT } from './storage.js';
import { SignIn } from './SignIn.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';

export interface Session {
  api: ApiClient;
  /** The signed-in key as GET /api-keys/current describes it: name, scopes, permissions, expiry. */
  key: CurrentKey;
  /**
   * Whether this key may make the call, e.g. `can('POST /sales-orders/{id}/confirm')`; `target` names the
   * path's id where the rule depends on it (`can('DELETE /api-keys/{id}', { id })`: a key may revoke itself).
   */
  can: (operation: Operation, target?: Target) => boolean;
  /** Carries on with another secret of the same key (after rotating it): the old one is forgotten. */
  switchKey: (newKey: string) => void;
  signOut: (reason?: string) => void;
}

const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only screens inside <SessionGate> call it. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SessionGate>');
  return session;
}

export const useApi = (): ApiClient => useSession().api;
export const useCan = (): Session['can'] => useSession().can;

/**
 * Shows the sign-in form until a key is known, then its children with the session. A key kept from
 * earlier in this tab is checked again first; any later 401 (revoked, expired) signs out with the reason.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useState<string | null>(storedKey);
  const [notice, setNotice] = useState<string | null>(null);
  const switched = useRef(false);

  const signOut = useCallback(
    (reason?: string) => {
      forgetKey();
      setApiKey(null);
      setNotice(reason ?? null);
      // Nothing read with the old key may show to the next one.
      queryClient.clear();
    },
    [queryClient],
  );

  useEffect(() => {
    const onUnauthorised = (event: Event) => signOut((event as CustomEvent<string>).detail);
    addEventListener(UNAUTHORISED_EVENT, onUnauthorised);
    return () => removeEventListener(UNAUTHORISED_EVENT, onUnauthorised);
  }, [signOut]);

  // After a switch, everything shown is read again with the new secret: this effect runs after the
  // screens' own (children first), so their queries already carry the new client.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    void queryClient.invalidateQueries();
  }, [apiKey, queryClient]);

  const current = useQuery({
    queryKey: ['api-keys', 'current', apiKey],
    queryFn: () => describeKey(apiKey!),
    enabled: apiKey !== null,
    staleTime: Infinity,
    retry: false,
  });

  const session = useMemo<Session | null>(() => {
    if (!apiKey || !current.data) return null;
    const key = current.data;
    const switchKey = (newKey: string) => {
      storeKey(newKey);
      // Same key, new secret: what it may do is unchanged, so nothing read needs throwing away.
      queryClient.setQueryData(['api-keys', 'current', newKey], key);
      switched.current = true;
      setApiKey(newKey);
    };
    return {
      api: clientFor(apiKey),
      key,
      can: (operation, target) => keyAllows(key, operation, target),
      switchKey,
      signOut,
    };
  }, [apiKey, current.data, signOut, queryClient]);

  if (!apiKey) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(newKey, described) => {
          storeKey(newKey);
          queryClient.setQueryData(['api-keys', 'current', newKey], described);
          setNotice(null);
          setApiKey(newKey);
        }}
      />
    );
  }
  if (current.isError) {
    return (
      <main className="container narrow">
        <ErrorMessage error={current.error} />
        <button type="button" onClick={() => signOut()}>
          Sign in again
        </button>
      </main>
    );
  }
  if (!session) {
    return (
      <main className="container narrow" aria-busy="true">
        Checking the key…
      </main>
    );
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
