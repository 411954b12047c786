import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../errors';
import type { RateLimiter } from '../services/rate-limiter';

export interface RateLimitOptions {
  /** Keeps this limit's counters apart from every other's. */
  name: string;
  /** Requests per key in one window. */
  limit: number;
  windowSeconds: number;
  /** Whom the request counts against; undefined when this limit does not apply to it. */
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  /** The 429's message. */
  message: string;
}

/** A route guard (preHandler) that counts the request against its key and refuses it with 429 past the limit. */
export function rateLimit(
  context: { rateLimits: RateLimiter },
  options: RateLimitOptions,
): (request: FastifyRequest) => Promise<void> {
  const windowMs = options.windowSeconds * 1000;
  return async (request) => {
    const key = await options.key(request);
    if (key === undefined) return;
    if ((await context.rateLimits.hit(`${options.name}:${key}`, windowMs)) > options.limit) {
      throw new TooManyRequestsError(options.message, options.windowSeconds);
    }
  };
}
