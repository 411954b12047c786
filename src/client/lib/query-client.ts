import {
  MutationCache,
  onlineManager,
  QueryCache,
  QueryClient,
  type QueryFunction,
} from '@tanstack/react-query';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '@shared/domain/limits';
import { getJson, isUnauthorizedError } from './api-client';
import { currentUserQueryKey, isSigningOut, SIGN_IN_URL } from './session';
import { toast } from './use-toast';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Spec §7: GETs the query key joined into a path; a 401 either throws or yields null. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return (await getJson(queryKey.join('/'), signal)) as T;
    } catch (error) {
      if (on401 === 'returnNull' && isUnauthorizedError(error)) return null;
      throw error;
    }
  };
}

let signInRedirectScheduled = false;

/** Spec §8: a 401 while signed in means the session ended; say so, then sign in again. */
function handleUnauthorized(error: Error): void {
  if (signInRedirectScheduled || isSigningOut() || !isUnauthorizedError(error)) return;
  if (!queryClient.getQueryData(currentUserQueryKey)) return;
  signInRedirectScheduled = true;
  toast({
    variant: 'destructive',
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
  });
  window.setTimeout(() => {
    window.location.href = SIGN_IN_URL;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

// TanStack Query assumes it starts online: an app opened offline would take every failed request as an answer
// (a failed "who am I" as signed out). Told the truth, it waits for the connection and then asks.
onlineManager.setOnline(globalThis.navigator?.onLine !== false);

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleUnauthorized }),
  mutationCache: new MutationCache({ onError: handleUnauthorized }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
