import * as z from 'zod';
import { BrassError } from '../core/index.js';
import { UserConfigSchema } from './schema.js';

/** Markers around the generated key table in docs/configuration.md. */
export const CONFIG_REFERENCE_START = '<!-- BEGIN GENERATED KEY TABLE: edit src/config/sections/*.ts, then run `npm run schema` -->';
export const CONFIG_REFERENCE_END = '<!-- END GENERATED KEY TABLE -->';

/** One documented setting. */
export interface ConfigKeyReference {
  keyPath: string;
  type: string;
  /** JSON of the default, or undefined when the key has none (unset). */
  defaultValue: string | undefined;
  description: string;
}

type JsonSchemaNode = {
  type?: string;
  title?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  default?: unknown;
  description?: string;
  format?: string;
  exclusiveMinimum?: number;
};

/**
 * Every leaf setting of the user config schema (the workspace keys plus
 * `trustedWorkspaces`) in schema order, read from the generated JSON Schema
 * so the docs say exactly what editors see. Arrays are leaves.
 */
export function listConfigKeys(): ConfigKeyReference[] {
  const root = z.toJSONSchema(UserConfigSchema, { io: 'input' }) as JsonSchemaNode;
  const keys: ConfigKeyReference[] = [];
  const visit = (node: JsonSchemaNode, keyPath: string): void => {
    if (node.type === 'object' && node.properties !== undefined && keyPath !== '$schema') {
      for (const [key, child] of Object.entries(node.properties)) visit(child, keyPath === '' ? key : `${keyPath}.${key}`);
      return;
    }
    keys.push({
      keyPath,
      type: describeType(node),
      defaultValue: node.default === undefined ? undefined : JSON.stringify(node.default),
      description: node.description ?? '',
    });
  };
  visit(root, '');
  return keys;
}

/** The Markdown key table of docs/configuration.md (without the markers). */
export function buildConfigReference(): string {
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const rows = listConfigKeys().map(
    (key) =>
      `| \`${key.keyPath}\` | ${escape(key.type)} | ${key.defaultValue === undefined ? 'unset' : `\`${escape(key.defaultValue)}\``} | ${escape(key.description)} |`,
  );
  return ['| Key | Type | Default | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/**
 * `markdown` with the text between CONFIG_REFERENCE_START and
 * CONFIG_REFERENCE_END replaced by buildConfigReference(). Throws when the
 * markers are missing, rather than appending the table somewhere.
 */
export function replaceConfigReference(markdown: string): string {
  const start = markdown.indexOf(CONFIG_REFERENCE_START);
  const end = markdown.indexOf(CONFIG_REFERENCE_END);
  if (start === -1 || end < start) {
    throw new BrassError('config-reference-markers-missing', `the key table markers are missing: ${CONFIG_REFERENCE_START} ... ${CONFIG_REFERENCE_END}`);
  }
  return `${markdown.slice(0, start + CONFIG_REFERENCE_START.length)}\n\n${buildConfigReference()}\n\n${markdown.slice(end)}`;
}

function describeType(node: JsonSchemaNode): string {
  if (node.enum !== undefined) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (node.title !== undefined) return node.title;
  switch (node.type) {
    case 'integer':
      return node.exclusiveMinimum === 0 ? 'positive integer' : 'integer';
    case 'string':
      return node.format === 'uri' ? 'http(s) URL' : 'string';
    case 'array': {
      const items = node.items;
      if (items?.type === 'object' && items.properties !== undefined) return `array of { ${Object.keys(items.properties).join(', ')} } objects`;
      // Item names are singular nouns ("glob", "permission rule"): the plural reads as prose.
      return `array of ${items === undefined ? 'value' : describeType(items)}s`;
    }
    default:
      return node.type ?? 'value';
  }
}
