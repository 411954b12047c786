import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { USER_CACHE_MS } from '@shared/domain/limits';
import { getQueryFn } from './query-client';
import { currentUserQueryKey } from './session';

type CurrentUser = RouteResponse<Routes['currentUser']>;

export interface AuthState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The server has answered who is signed in (a network failure, offline say, leaves it unknown). */
  isKnown: boolean;
}

/** Spec §3/§7: an error or an empty answer means signed out. */
const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
    staleTime: USER_CACHE_MS,
  });

/** The signed-in person. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQueryOptions());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, isKnown: data !== undefined };
}
