import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { routeKey } from '@client/lib/query-keys';

/** GET /api/users/{id}/stats: spec §2 Stats page figures, computed by the server; asked afresh on each visit. */
export const userStatsQueryOptions = (userId: string) =>
  queryOptions<RouteResponse<Routes['userStats']>>({
    queryKey: routeKey('userStats', { id: userId }),
    staleTime: 0,
  });

export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
