import * as z from 'zod';
import { ConfigSchema } from './schema.js';

/** Repository-relative path of the generated JSON Schema (`npm run schema` writes it). */
export const JSON_SCHEMA_FILE = 'schema/brass-agent.schema.json';

/** `$id` of the generated schema: where the published package serves the file. */
export const JSON_SCHEMA_ID = 'https://unpkg.com/brass-agent/schema/brass-agent.schema.json';

/** A JSON Schema document, as plain JSON. */
export type JsonSchemaDocument = Record<string, unknown>;

/**
 * The editor JSON Schema of `.brass-agent.json` (and `--config` files),
 * generated from ConfigSchema: input shape, so keys with defaults are
 * optional and carry their `default`; strict objects become
 * `additionalProperties: false`. `trustedWorkspaces` is absent: it belongs
 * to the user file only.
 */
export function buildJsonSchema(): JsonSchemaDocument {
  const generated = z.toJSONSchema(ConfigSchema, { io: 'input', target: 'draft-2020-12' }) as JsonSchemaDocument;
  const { $schema, ...rest } = generated;
  return { $schema, $id: JSON_SCHEMA_ID, title: 'brass-agent configuration (.brass-agent.json)', ...rest };
}

/** buildJsonSchema() as the exact text of JSON_SCHEMA_FILE: two-space indent, final newline. */
export function serializeJsonSchema(): string {
  return `${JSON.stringify(buildJsonSchema(), null, 2)}\n`;
}
