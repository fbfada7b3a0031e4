import * as z from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes.js';
import { ErrorResponse } from './api-schemas.js';

type JsonObject = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas of
 * API_ROUTES with zod's own `z.toJSONSchema` (JSON Schema 2020-12, the
 * dialect OpenAPI 3.1 uses), so the handlers' validation and the document
 * cannot drift apart.
 */
export function buildOpenApiDocument(version: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of API_ROUTES) {
    const openApiPath = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    (paths[openApiPath] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'brass-agent serve', version, description: 'The session engine over HTTP: sessions, messages, an event stream, approvals, diff, undo.' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token brass-agent serve prints (also in $XDG_STATE_HOME/brass-agent/serve.json).' } },
      schemas: { Error: jsonSchema(ErrorResponse, 'output') },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

function operation(route: ApiRoute): JsonObject {
  const parameters = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (route.path === '/') parameters.push({ name: 'token', in: 'query', required: false, schema: { type: 'string' } });
  if (route.mediaType === 'text/event-stream') parameters.push({ name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } });
  const answer = route.response === undefined ? { [route.mediaType ?? 'application/json']: {} } : { 'application/json': { schema: jsonSchema(route.response, 'output') } };
  const error = { description: 'an error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    summary: route.summary,
    operationId: operationId(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body === undefined ? {} : { requestBody: { required: false, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }),
    responses: { [String(route.status)]: { description: route.summary, content: answer }, '4XX': error, '5XX': error },
  };
}

/** `post /api/sessions/:id/messages` -> `postSessionsIdMessages`. */
function operationId(route: ApiRoute): string {
  const words = route.path.split(/[/:.{}-]+/).filter((word) => word !== '' && word !== 'api');
  return route.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('') || route.method;
}

/** A schema as OpenAPI embeds it: what a client sends (`input`) or receives (`output`), without the `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}
