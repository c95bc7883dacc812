import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys } from './features/auth/api/auth-api';
import { accountCameWithPage, noteSessionEnded, takeEarlyMe } from './features/auth/api/early-me';
import { isApiError, isUnauthenticated } from './lib/api-client';
import { startEventWindow } from './lib/event-position';

function onError(error: unknown) {
  // A session that expired or was ended elsewhere: the auth guard sends the user to /sign-in.
  if (isUnauthenticated(error)) queryClient.setQueryData(authKeys.me, null);
  // An admin's setting now requires two-factor sign-in of this account: the auth guard shows its setup.
  else if (isApiError(error) && error.code === 'TWO_FACTOR_SETUP_REQUIRED') {
    void queryClient.invalidateQueries({ queryKey: authKeys.me });
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: true,
      // Client errors will not fix themselves by asking again.
      retry: (failureCount, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});

// The answer to `/api/me` that main.tsx asked for at start becomes the cached account, so the auth
// guard does not ask again (this module loads with the first page that needs it).
const earlyMe = takeEarlyMe();
if (earlyMe) void queryClient.prefetchQuery({ queryKey: authKeys.me, queryFn: () => earlyMe });

// Whatever sets the cached account (a sign-in, a sign-out, a request refused as signed out) tells the
// sign-in page whether there is anything to ask, and a tab that becomes signed in where its event
// stream will start (lib/event-position.ts).
let signedIn = false;
let firstAccount = true;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryKey[0] !== authKeys.me[0]) return;
  const me: unknown = event.query.state.data;
  if (me === undefined) return;
  noteSessionEnded(me === null);
  if (me !== null && !signedIn) startEventWindow(firstAccount && accountCameWithPage());
  signedIn = me !== null;
  firstAccount = false;
});
