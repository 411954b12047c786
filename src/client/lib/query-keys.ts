import type { DataTag, Query } from '@tanstack/react-query';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { RouteName, RouteParams, RouteResponse, Routes } from '@shared/contract/routes';

export type ParamsArgument<N extends RouteName> =
  RouteParams<Routes[N]> extends undefined ? [] : [params: RouteParams<Routes[N]>];

/**
 * The query key of a GET endpoint of the contract: its path with the params filled in, so the default query
 * function (spec §7: a GET to the key's path) fetches it. Tagged with the endpoint's answer, so
 * `getQueryData`/`setQueryData` on it are typed. A query that fetches pages itself adds parts after it.
 */
export function routeKey<N extends RouteName>(
  name: N,
  ...[params]: ParamsArgument<N>
): DataTag<readonly [string], RouteResponse<Routes[N]>> {
  const path = buildPath(endpoints[name].path, params as Record<string, string | number> | undefined);
  return [path] as unknown as DataTag<readonly [string], RouteResponse<Routes[N]>>;
}

function pathPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/** Every cached query of these endpoints, whatever their params: a filter for invalidating or updating them. */
export function routeQueries(...names: RouteName[]): { predicate: (query: Query) => boolean } {
  const patterns = names.map((name) => pathPattern(endpoints[name].path));
  return {
    predicate: ({ queryKey: [path] }) =>
      typeof path === 'string' && patterns.some((pattern) => pattern.test(path)),
  };
}

/*
 * Caches that one feature changes and another shows. Features may not import each other, so these live here,
 * named by the contract's endpoints rather than by their paths.
 */

/**
 * Every list a post appears in (the feed, all posts, a person's posts, the drafts, search results, trending):
 * what publishing, extending or deleting one changes.
 */
export const postListQueries = routeQueries(
  'feed',
  'listPosts',
  'listUserPosts',
  'listDrafts',
  'searchPosts',
  'trendingPosts',
);

/** Follower and following counts and lists: what following someone changes. */
export const followListQueries = routeQueries(
  'followerCount',
  'followingCount',
  'listFollowers',
  'listFollowing',
);
