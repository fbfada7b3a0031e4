import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_FILE, serializeDefaultConfig } from './build-default-config.js';
import { defaultLoadedConfig } from './default-loaded-config.js';
import { loadConfig, type LoadConfigInput } from './load-config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Issue 21: a command with no config layer gets the defaults without building the zod schema.
describe('defaultLoadedConfig', () => {
  it('is generated from the schema: src/config/default-config.ts is up to date (npm run schema)', () => {
    expect(fs.readFileSync(path.join(ROOT, DEFAULT_CONFIG_FILE), 'utf8')).toBe(serializeDefaultConfig());
  });

  it.each<[string, LoadConfigInput]>([
    ['nothing at all', { workspaceRealPath: '/work/repo' }],
    ['an environment without config variables', { env: { PATH: '/usr/bin', HOME: '/home/u', BRASS_LLM_MODEL: '' }, workspaceRealPath: '/work/repo' }],
    ['no files and empty command-line settings', { user: null, workspace: null, explicit: null, cli: {}, workspaceRealPath: '/work/repo' }],
  ])('answers exactly as loadConfig for %s', (_name, input) => {
    expect(defaultLoadedConfig(input)).toEqual(loadConfig(input));
  });

  it('gives each caller its own copy', () => {
    const first = defaultLoadedConfig({ workspaceRealPath: '/w' })!;
    first.config.context.maxFiles = 99;
    expect(defaultLoadedConfig({ workspaceRealPath: '/w' })!.config.context.maxFiles).toBe(loadConfig({ workspaceRealPath: '/w' }).config.context.maxFiles);
  });

  it.each<[string, LoadConfigInput]>([
    ['a user file', { user: { path: '/home/u/.config/brass-agent/config.json', text: '{}' }, workspaceRealPath: '/w' }],
    ['a workspace file', { workspace: { path: '.brass-agent.json', text: '{}' }, workspaceRealPath: '/w' }],
    ['a --config file', { explicit: { path: '/tmp/c.json', text: '{}' }, workspaceRealPath: '/w' }],
    ['a config variable', { env: { BRASS_LLM_MODEL: 'gpt' }, workspaceRealPath: '/w' }],
    ['a command-line setting', { cli: { context: { maxFiles: 2 } }, workspaceRealPath: '/w' }],
  ])('leaves %s to loadConfig', (_name, input) => {
    expect(defaultLoadedConfig(input)).toBeNull();
  });
});
