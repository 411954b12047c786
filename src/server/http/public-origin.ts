import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { BadRequestError } from '../errors';

export interface PublicOrigin {
  origin: string;
  /** Whether it came from the request's own headers, which a shared cache must not reuse for another request. */
  fromRequest: boolean;
}

/**
 * The origin absolute links name: PUBLIC_URL's when the operator set it, else the request's own (its scheme and
 * host, which behind a trusted proxy come from X-Forwarded-*).
 */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'publicOrigin'>): PublicOrigin {
  if (config.publicOrigin) return { origin: config.publicOrigin, fromRequest: false };
  try {
    return { origin: new URL(`${request.protocol}://${request.host}`).origin, fromRequest: true };
  } catch {
    throw new BadRequestError('The Host header does not name a host.');
  }
}
