import { errorResponseSchema } from '@shared/contract/errors';
import type { RouteDefinition } from '@shared/contract/routes';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Fastify route options from a contract entry: the same zod schemas validate requests and shape responses. */
export function contractRoute<R extends RouteDefinition>(definition: R) {
  const schema = {
    ...(definition.params && { params: definition.params }),
    ...(definition.query && { querystring: definition.query }),
    ...(definition.body && { body: definition.body }),
    response: {
      [definition.successStatus ?? 200]: definition.response,
      '4xx': errorResponseSchema,
      '5xx': errorResponseSchema,
    },
  };
  return {
    method: definition.method,
    url: definition.path,
    schema: schema as {
      params: R['params'];
      querystring: R['query'];
      body: R['body'];
      response: Record<200 | 201, R['response']> & Record<'4xx' | '5xx', typeof errorResponseSchema>;
    },
  };
}
