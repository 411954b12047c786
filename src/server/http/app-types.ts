import { errorResponseSchema } from '@shared/contract/errors';
import type { RouteDefinition } from '@shared/contract/routes';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
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

/**
 * Fastify route options from a contract entry: the same zod schemas validate requests and shape responses, and a
 * successful answer carries the entry's `successStatus` (an `onRequest` hook sets it as the reply's default, so
 * handlers just return their result; errors and explicit codes still set their own).
 */
export function contractRoute<R extends RouteDefinition>(definition: R) {
  const { successStatus } = definition;
  const schema = {
    ...(definition.params && { params: definition.params }),
    ...(definition.query && { querystring: definition.query }),
    // A path that takes an upload or JSON checks the JSON only; the multipart reader checks the form.
    ...(definition.body && {
      body: definition.multipart
        ? { content: { 'application/json': { schema: definition.body } } }
        : definition.body,
    }),
    response: {
      [successStatus ?? 200]: definition.response,
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
    ...(successStatus !== undefined && {
      onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.code(successStatus);
      },
    }),
  };
}
