import { errorResponseSchema } from '@shared/contract/errors';
import { conversationRecordingSchema, conversationSchema } from '@shared/contract/conversations';
import { postSchema } from '@shared/contract/posts';
import { routes, type MultipartDefinition, type RouteDefinition } from '@shared/contract/routes';
import { commentSchema, notificationSchema } from '@shared/contract/social';
import { currentUserSchema, publicUserSchema } from '@shared/contract/users';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/session-store';

type JsonSchema = Record<string, unknown>;

/** Schemas shown once under `components` and referred to from every operation that carries them. */
const named = z.registry<{ id: string }>();
named.add(errorResponseSchema, { id: 'Error' });
named.add(postSchema, { id: 'Post' });
named.add(publicUserSchema, { id: 'PublicUser' });
named.add(currentUserSchema, { id: 'CurrentUser' });
named.add(commentSchema, { id: 'Comment' });
named.add(notificationSchema, { id: 'Notification' });
named.add(conversationSchema, { id: 'Conversation' });
named.add(conversationRecordingSchema, { id: 'ConversationRecording' });

/** The reference groups operations by the first segment of their path. */
const TAGS: Record<string, string> = {
  health: 'Health',
  auth: 'Accounts',
  register: 'Accounts',
  login: 'Accounts',
  logout: 'Accounts',
  users: 'Users',
  posts: 'Posts',
  diary: 'Posts',
  recordings: 'Posts',
  feed: 'Posts',
  likes: 'Social',
  dislikes: 'Social',
  reposts: 'Social',
  follows: 'Social',
  followers: 'Social',
  following: 'Social',
  comments: 'Social',
  notifications: 'Notifications',
  events: 'Notifications',
  media: 'Media',
  embed: 'Embedding',
  oembed: 'Embedding',
  'openapi.json': 'Reference',
  docs: 'Reference',
  'create-fake-user': 'Test helpers',
};

const BINARY = { type: 'string', format: 'binary' };

/**
 * Converts a contract schema, moving its named parts into `components` (requests as they are sent, responses as
 * they are received: defaults make a field optional in one and present in the other).
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>) {
  const converted = z.toJSONSchema(schema, { metadata: named, io, unrepresentable: 'any' });
  const {
    $schema: _,
    $defs,
    ...rest
  } = JSON.parse(
    JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  Object.assign(components, $defs);
  return rest;
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

const summaryOf = (name: string) => {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function parametersOf(where: 'path' | 'query', schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function multipartContent(multipart: MultipartDefinition, components: Record<string, JsonSchema>) {
  const fields = jsonSchemaOf(multipart.fields, 'input', components);
  const files = Object.entries(multipart.files);
  return {
    'multipart/form-data': {
      schema: {
        ...fields,
        properties: {
          ...(fields.properties as JsonSchema),
          ...Object.fromEntries(files.map(([name]) => [name, BINARY])),
        },
        required: [
          ...((fields.required ?? []) as string[]),
          ...files.filter(([, file]) => file.required).map(([name]) => name),
        ],
      },
      encoding: Object.fromEntries(files.map(([name, file]) => [name, { contentType: `${file.accepts}/*` }])),
    },
  };
}

function successResponse(definition: RouteDefinition, components: Record<string, JsonSchema>) {
  const status = definition.successStatus ?? 200;
  if (status === 204) return { description: 'No content' };
  if (status >= 300 && status < 400) {
    return { description: 'A redirect', headers: { Location: { schema: { type: 'string' } } } };
  }
  const { responseType } = definition;
  const schema =
    responseType === undefined
      ? jsonSchemaOf(definition.response, 'output', components)
      : responseType.endsWith('/*')
        ? BINARY
        : { type: 'string' };
  return {
    description: status === 201 ? 'Created' : 'OK',
    content: { [responseType ?? 'application/json']: { schema } },
  };
}

function operationOf(name: string, definition: RouteDefinition, components: Record<string, JsonSchema>) {
  const segment = definition.path.split('/').find((part) => part !== '' && part !== 'api') ?? '';
  const parameters = [
    ...(definition.params ? parametersOf('path', jsonSchemaOf(definition.params, 'input', components)) : []),
    ...(definition.query ? parametersOf('query', jsonSchemaOf(definition.query, 'input', components)) : []),
  ];
  const jsonBody = definition.body && {
    'application/json': { schema: jsonSchemaOf(definition.body, 'input', components) },
  };
  const formBody = definition.multipart && multipartContent(definition.multipart, components);
  const requestBody = (jsonBody || formBody) && {
    required: true,
    content: { ...formBody, ...jsonBody },
  };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    operationId: name,
    summary: summaryOf(name),
    tags: [TAGS[segment] ?? segment],
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: {
      [definition.successStatus ?? 200]: successResponse(definition, components),
      '4XX': error('Refused: the message says why, in a sentence a person can act on'),
      '5XX': error('Failed on the server'),
    },
  };
}

/** This API as an OpenAPI 3.1 document, from the contract; test-only routes only when the server has them. */
export function openApiDocument(
  options: { withTestRoutes: boolean },
  definitions: Record<string, RouteDefinition> = routes,
) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    if (definition.testOnly && !options.withTestRoutes) continue;
    const path = toOpenApiPath(definition.path);
    paths[path] = {
      ...paths[path],
      [definition.method.toLowerCase()]: operationOf(name, definition, components),
    };
  }
  // Every error response refers to it; converting it puts it under `components`.
  jsonSchemaOf(errorResponseSchema, 'output', components);
  return {
    openapi: '3.1.1',
    info: {
      title: 'Earshot API',
      version: '1',
      description:
        `The JSON API of Earshot, voice-first social audio. Signed-in requests carry the \`${SESSION_COOKIE}\` session cookie ` +
        'that sign-in and sign-up set; requests that change something must come from the same origin.',
    },
    // Most reads answer visitors too, so the session is offered everywhere and required nowhere here: a route
    // that needs it answers 401.
    security: [{}, { session: [] }] as Array<Record<string, string[]>>,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        session: {
          type: 'apiKey' as const,
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set by sign-in and sign-up (`POST /api/login`, `POST /api/register`).',
        },
      },
    },
  };
}
