import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The origin absolute links name: PUBLIC_URL's when the operator set it, else the request's own (its scheme and
 * host, which behind a trusted proxy come from X-Forwarded-*).
 */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'publicOrigin'>): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}
