import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfigReference, listConfigKeys, replaceConfigReference } from './build-config-reference.js';
import { JSON_SCHEMA_FILE, buildJsonSchema, serializeJsonSchema } from './build-json-schema.js';
import { CONFIG_ENV_VARIABLES } from './config-env-layers.js';
import { ConfigSchema } from './schema.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = fs.readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');

type SchemaNode = {
  type?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
  propertyNames?: unknown;
  required?: string[];
  items?: SchemaNode;
};

/** A map keyed by validated names (`agents.<name>`): its values are the objects that must be strict. */
const isNamedMap = (node: SchemaNode): boolean => node.propertyNames !== undefined && typeof node.additionalProperties === 'object';

/** Every object node of a JSON Schema, with its path (the values of named maps included, the maps themselves not). */
function objectNodes(node: SchemaNode, at = '(root)'): [string, SchemaNode][] {
  const own: [string, SchemaNode][] = node.type === 'object' && !isNamedMap(node) ? [[at, node]] : [];
  const children = Object.entries(node.properties ?? {}).flatMap(([key, child]) => objectNodes(child, `${at}.${key}`));
  const values = isNamedMap(node) ? objectNodes(node.additionalProperties as SchemaNode, `${at}.<name>`) : [];
  return [...own, ...children, ...values, ...(node.items ? objectNodes(node.items, `${at}[]`) : [])];
}

describe('the generated JSON Schema', () => {
  it('is what is committed in schema/ (run `npm run schema` after changing the config schema)', () => {
    expect(fs.readFileSync(path.join(ROOT, JSON_SCHEMA_FILE), 'utf8')).toBe(serializeJsonSchema());
  });

  it('has an $id, a title, and a property for every section of the config schema', () => {
    const schema = buildJsonSchema() as SchemaNode & Record<string, unknown>;
    expect(schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: expect.stringMatching(/^https:\/\//), title: expect.any(String) });
    expect(Object.keys(schema.properties ?? {})).toEqual(Object.keys(ConfigSchema.shape));
  });

  it('forbids unknown keys in every object, like the loader', () => {
    const objects = objectNodes(buildJsonSchema() as SchemaNode);
    expect(objects.length).toBeGreaterThan(8);
    expect(objects.filter(([, node]) => node.additionalProperties !== false).map(([at]) => at)).toEqual([]);
  });

  it('makes keys with defaults optional (input shape) and leaves out trustedWorkspaces', () => {
    const schema = buildJsonSchema() as SchemaNode;
    expect(schema.required).toBeUndefined();
    expect(schema.properties?.context?.required).toBeUndefined();
    expect(schema.properties?.context?.properties?.maxFiles).toMatchObject({ type: 'integer', default: 4, exclusiveMinimum: 0 });
    expect(schema.properties?.project?.properties?.validationCommands?.items?.required).toEqual(['name', 'command']);
    expect(schema.properties).not.toHaveProperty('trustedWorkspaces');
    expect(schema.properties?.llm?.properties).not.toHaveProperty('apiKey');
  });

  it('gives editors a pattern for permission rules that matches what the loader accepts', () => {
    const items = (buildJsonSchema() as SchemaNode).properties?.permissions?.properties?.allow?.items as { pattern: string };
    const pattern = new RegExp(items.pattern);
    for (const rule of ['Shell(npm run test*)', 'Read(src/**)', 'Write(docs/**)', 'Tool(search_text)']) expect(pattern.test(rule)).toBe(true);
    for (const rule of ['Bash(ls)', 'Read()', 'Read( )', 'read(src)', 'Shell(npm test']) expect(pattern.test(rule)).toBe(false);
  });
});

describe('docs/configuration.md', () => {
  it('has the key table generated from the schema (run `npm run schema` after changing the config schema)', () => {
    expect(DOCS).toBe(replaceConfigReference(DOCS));
    expect(DOCS).toContain(buildConfigReference());
  });

  it('documents every leaf key of the schema, with its default', () => {
    const keys = listConfigKeys();
    expect(keys.map((key) => key.keyPath)).toEqual(expect.arrayContaining(['context.maxFiles', 'permissions.allow', 'trustedWorkspaces', 'llm.apiKeyEnv']));
    for (const key of keys) {
      expect(DOCS).toContain(`\`${key.keyPath}\``);
      expect(key.description, key.keyPath).not.toBe('');
      if (key.defaultValue !== undefined) expect(DOCS).toContain(`\`${key.defaultValue.replaceAll('|', '\\|')}\``);
    }
  });

  it('documents every environment variable the loader reads', () => {
    for (const variable of CONFIG_ENV_VARIABLES) expect(DOCS).toContain(`| \`${variable.name}\` | \`${variable.keyPath.join('.')}\` |`);
  });

  it('tells editors where the schema is', () => {
    expect(DOCS).toContain('"$schema": "./node_modules/brass-agent/schema/brass-agent.schema.json"');
  });
});
