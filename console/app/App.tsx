import { QueryCache, QueryClient, QueryClientProvider, MutationCache } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { ApiRequestError } from '../client/index.js';
import { SCREENS, type Screen } from './routes.js';
import { hashHref, useHashPath, useHashSearch } from './routing/hash-location.js';
import { SessionGate, useCan } from './session/session.js';
import { UNAUTHORISED_EVENT } from './session/storage.js';
import { ErrorBoundary } from './ui/ErrorBoundary.js';
import { Layout } from './ui/Layout.js';

/** A 401 anywhere means the key was revoked or expired meanwhile: sign out, saying why. */
const onError = (error: unknown) => {
  if (error instanceof ApiRequestError && error.status === 401) {
    dispatchEvent(new CustomEvent(UNAUTHORISED_EVENT, { detail: `Signed out: ${error.message}` }));
  }
};

function newQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Lists of work change as colleagues work: fresh for 15 s, refetched on return to the tab.
        staleTime: 15_000,
        // An answer (4xx) is final; only a lost connection or a 5xx is worth another try.
        retry: (count, error) => count < 2 && !(error instanceof ApiRequestError && error.status < 500),
      },
    },
  });
}

function ScreenFor({ screen }: { screen: Screen }) {
  const can = useCan();
  if (screen.needs && !can(screen.needs)) {
    return (
      <section>
        <h1>Not available to this key</h1>
        <p>
          The API key you signed in with may not call <code>{screen.needs}</code>. Ask for a key with that
          access, or sign in with another one.
        </p>
      </section>
    );
  }
  const Component = screen.component;
  return <Component />;
}

function Screens() {
  const [location] = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={location}>
        <Switch>
          {SCREENS.map((screen) => (
            <Route key={screen.path} path={screen.path}>
              <ScreenFor screen={screen} />
            </Route>
          ))}
          <Route>
            <section>
              <h1>Nothing here</h1>
              <p>This address shows no screen. Use the navigation to find what you need.</p>
            </section>
          </Route>
        </Switch>
      </ErrorBoundary>
    </Layout>
  );
}

export function App() {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useHashPath} searchHook={useHashSearch} hrefs={hashHref}>
        <SessionGate>
          <Screens />
        </SessionGate>
      </Router>
    </QueryClientProvider>
  );
}
