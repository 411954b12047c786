import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, Routes } from '@shared/contract/routes';
import { routeKey } from '@client/lib/query-keys';

/**
 * GET /api/users/{id}/stats, the figures the stats page shows: the profile's Categories and About tabs read their
 * categories (most used first) and quick stats from it, under the stats page's own key.
 */
export const profileStatsQueryOptions = (userId: string) =>
  queryOptions<RouteResponse<Routes['userStats']>>({ queryKey: routeKey('userStats', { id: userId }) });

export function useProfileStats(userId: string) {
  return useQuery(profileStatsQueryOptions(userId));
}
