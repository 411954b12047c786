import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/contract/users';
import { USER_CACHE_MS } from '@shared/domain/limits';
import { getQueryFn } from './query-client';
import { currentUserQueryKey } from './session';

export interface AuthState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/** The signed-in person. Spec §3/§7: an error or an empty answer means signed out. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
    staleTime: USER_CACHE_MS,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
