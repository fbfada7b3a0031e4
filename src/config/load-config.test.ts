import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../test/support/temp-workspace.js';
import { DEFAULT_SKIP_DIRS } from '../core/index.js';
import { ConfigError } from './config-error.js';
import { DEFAULT_CONTEXT_GLOBS } from './sections/context-schema.js';
import { type LoadConfigInput, loadConfig } from './load-config.js';
import { setWorkspaceTrust } from './trust-edit.js';

const WORKSPACE_ROOT = '/home/u/project';
const USER_PATH = '/home/u/.config/brass-agent/config.json';
const EXPLICIT_PATH = '/tmp/brass.json';

const user = (value: unknown) => ({ path: USER_PATH, text: JSON.stringify(value) });
const workspace = (text: string) => ({ path: '.brass-agent.json', text });
const trustedUser = (value: Record<string, unknown> = {}) => user({ ...value, trustedWorkspaces: [WORKSPACE_ROOT] });

function load(input: Partial<LoadConfigInput>) {
  return loadConfig({ workspaceRealPath: WORKSPACE_ROOT, ...input });
}

/** The ConfigError lines loadConfig throws for `input`. */
function errorLines(input: Partial<LoadConfigInput>): string[] {
  try {
    load(input);
  } catch (error) {
    expect(ConfigError.isInstance(error)).toBe(true);
    return (error as ConfigError).message.split('\n');
  }
  throw new Error('loadConfig did not throw');
}

const FULL_CONFIG = `{
  // every section, every key
  "$schema": "./node_modules/brass-agent/schema/brass-agent.schema.json",
  "limits": { "maxReadBytes": 1000, "actionTimeoutMs": 1000, "shellTimeoutMs": 2000, "maxShellOutputBytes": 3000 },
  "search": { "engine": "node", "ripgrepPath": "/usr/bin/rg", "maxFileSizeBytes": 5000, "skipDirs": ["vendor"] },
  "context": { "enabled": false, "maxSearchQueries": 1, "maxFiles": 2, "maxSearchResults": 3, "globs": ["*.py"], "excludeGlobs": ["gen/**"] },
  "project": { "validationCommands": [{ "name": "test", "command": "npm test" }], "maxValidationCommands": 1 },
  "permissions": { "allow": ["Shell(npm run test*)"], "ask": ["Write(docs/**)"], "deny": ["Read(.env*)", "Tool(search_text)"] },
  "approval": "never",
  "llm": { "provider": "anthropic", "model": "claude", "baseUrl": "https://api.example.com/v1", "apiKeyEnv": "ANTHROPIC_API_KEY" },
  "shell": { "passEnv": ["NPM_TOKEN"] },
}`;

describe('loadConfig', () => {
  it('returns the defaults, each sourced "default", when there is no configuration', () => {
    const loaded = load({});
    expect(loaded.config).toEqual({
      limits: { maxReadBytes: 1048576, actionTimeoutMs: 30000, shellTimeoutMs: 120000, maxShellOutputBytes: 262144 },
      search: { engine: 'auto', maxFileSizeBytes: 1048576, skipDirs: [...DEFAULT_SKIP_DIRS] },
      context: {
        enabled: true,
        maxSearchQueries: 3,
        maxFiles: 4,
        maxSearchResults: 40,
        globs: [...DEFAULT_CONTEXT_GLOBS],
        excludeGlobs: [],
        maxScopedBytes: 32768,
      },
      guidance: { fileNames: ['AGENTS.override.md', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md'], rootMarkers: ['.git'], maxBytes: 32768 },
      contextDiscovery: { enabled: true, maxFiles: 100, maxDepth: 8, maxFileBytes: 32768, maxSessionBytes: 131072 },
      docs: { dir: 'docs', maxPageBytes: 1048576, cache: true },
      redaction: { enabled: true, additionalPatterns: [], allowPatterns: [] },
      agents: {},
      flows: {},
      project: { maxValidationCommands: 4 },
      permissions: { allow: [], ask: [], deny: [] },
      approval: 'ask',
      llm: { timeoutMs: 120000, maxRetries: 2, maxOutputTokens: 8192, contextWindow: 128000 },
      agent: { mode: 'propose', maxSteps: 40, maxTokens: 1000000, repairTurns: 2, delegate: { maxTasks: 10, concurrency: 5, timeoutMs: 300000, maxSteps: 15 } },
      shell: { passEnv: [] },
      sandbox: { mode: 'auto', network: false, readOnlyPaths: [], writablePaths: [] },
      memory: { enabled: true, maxEntries: 1000, maxBytes: 4194304, autoApprove: false },
    });
    expect(new Set(Object.values(loaded.sources))).toEqual(new Set(['default']));
    expect(loaded.sources['context.maxFiles']).toBe('default');
    expect(loaded).toMatchObject({ warnings: [], isWorkspaceTrusted: false });
  });

  it('accepts a full JSONC config with every key (comments, trailing commas)', () => {
    const loaded = load({ user: trustedUser(), workspace: workspace(FULL_CONFIG) });
    expect(loaded.warnings).toEqual([]);
    expect(loaded.config).toMatchObject({
      limits: { maxReadBytes: 1000, shellTimeoutMs: 2000 },
      search: { engine: 'node', ripgrepPath: '/usr/bin/rg', skipDirs: ['vendor'] },
      context: { enabled: false, maxFiles: 2, globs: ['*.py'], excludeGlobs: ['gen/**'] },
      project: { validationCommands: [{ name: 'test', command: 'npm test' }], maxValidationCommands: 1 },
      permissions: { allow: ['Shell(npm run test*)'], ask: ['Write(docs/**)'], deny: ['Read(.env*)', 'Tool(search_text)'] },
      approval: 'never',
      llm: { provider: 'anthropic', model: 'claude', baseUrl: 'https://api.example.com/v1', apiKeyEnv: 'ANTHROPIC_API_KEY', timeoutMs: 120000, maxRetries: 2, maxOutputTokens: 8192, contextWindow: 128000 },
      shell: { passEnv: ['NPM_TOKEN'] },
    });
    expect(loaded.config).not.toHaveProperty('$schema');
    expect(loaded.sources['llm.baseUrl']).toBe('workspace:.brass-agent.json');
  });

  it.each([
    ['an empty file', ''],
    ['only whitespace', '  \n\t\n'],
    ['only comments', '// nothing yet\n/* really */\n'],
    ['a byte order mark and {}', '\uFEFF{}'],
  ])('reads %s as no settings', (_name, text) => {
    expect(load({ workspace: workspace(text) }).config).toEqual(load({}).config);
  });

  it.each([
    ['a wrong type', '{ "context": { "maxFiles": "four" } }', ['.brass-agent.json: context.maxFiles: expected a positive integer, got "four"']],
    ['zero', '{ "limits": { "maxReadBytes": 0 } }', ['.brass-agent.json: limits.maxReadBytes: expected a positive integer, got 0']],
    ['a fraction', '{ "limits": { "shellTimeoutMs": 1.5 } }', ['.brass-agent.json: limits.shellTimeoutMs: expected a positive integer, got 1.5']],
    ['a misspelt key', '{ "context": { "maxFile": 4 } }', ['.brass-agent.json: context.maxFile: unknown key (did you mean "maxFiles"?)']],
    ['a misspelt section', '{ "permisions": {} }', ['.brass-agent.json: permisions: unknown key (did you mean "permissions"?)']],
    ['an unknown key with no near match', '{ "search": { "colour": "red" } }', ['.brass-agent.json: search.colour: unknown key']],
    [
      'two unknown keys, one line each',
      '{ "llm": { "modle": "x", "temperature": 1 } }',
      ['.brass-agent.json: llm.modle: unknown key (did you mean "model"?)', '.brass-agent.json: llm.temperature: unknown key'],
    ],
    [
      'a literal API key',
      '{ "llm": { "apiKey": "sk-123" } }',
      ['.brass-agent.json: llm.apiKey: a literal API key is not accepted in config; set apiKeyEnv to the name of an environment variable'],
    ],
    [
      'a bad rule string',
      '{ "permissions": { "deny": ["Read(.env)", "Bash(rm -rf *)"] } }',
      [
        '.brass-agent.json: permissions.deny[1]: expected a rule Kind(pattern) with Kind one of Shell, Read, Write, Tool and a non-empty pattern, e.g. "Shell(npm run test*)", got "Bash(rm -rf *)"',
      ],
    ],
    [
      'a rule with an empty pattern',
      '{ "permissions": { "ask": ["Shell( )"] } }',
      [
        '.brass-agent.json: permissions.ask[0]: expected a rule Kind(pattern) with Kind one of Shell, Read, Write, Tool and a non-empty pattern, e.g. "Shell(npm run test*)", got "Shell( )"',
      ],
    ],
    ['an enum value', '{ "approval": "yes" }', ['.brass-agent.json: approval: expected one of "never", "ask", "auto", got "yes"']],
    ['a non-http URL', '{ "llm": { "baseUrl": "ftp://models.example" } }', ['.brass-agent.json: llm.baseUrl: expected an http(s) URL, got "ftp://models.example"']],
    [
      'an env var name with a dash',
      '{ "llm": { "apiKeyEnv": "MY-KEY" } }',
      ['.brass-agent.json: llm.apiKeyEnv: expected an environment variable name like OPENAI_API_KEY, got "MY-KEY"'],
    ],
    ['a section of the wrong type', '{ "context": ["maxFiles"] }', ['.brass-agent.json: context: expected an object, got ["maxFiles"]']],
    ['a root that is not an object', '[1, 2]', ['.brass-agent.json: expected an object, got [1,2]']],
    ['a string instead of an array', '{ "context": { "globs": "*.ts" } }', ['.brass-agent.json: context.globs: expected an array, got "*.ts"']],
    [
      'a validation command without a command',
      '{ "project": { "validationCommands": [{ "name": "test" }] } }',
      ['.brass-agent.json: project.validationCommands[0].command: missing, expected a non-empty string'],
    ],
    ['text that is not JSON', '{\n  "context": {\n    maxFiles: 4\n  }\n}', ['.brass-agent.json: invalid JSONC at 3:5: unexpected text (property names and strings need double quotes)']],
    ['an unclosed object', '{ "approval": "ask"', ['.brass-agent.json: invalid JSONC at 1:20: close brace expected']],
    [
      'trustedWorkspaces in a workspace file',
      '{ "trustedWorkspaces": ["/home/u/project"] }',
      ['.brass-agent.json: trustedWorkspaces: trustedWorkspaces is only read from the user config file; run `brass-agent trust` in the workspace instead'],
    ],
  ])('rejects %s with the exact line', (_name, text, lines) => {
    expect(errorLines({ workspace: workspace(text) })).toEqual(lines);
  });

  it('gives the position of a syntax error and keeps it on the issue', () => {
    try {
      load({ workspace: workspace('{\n  "approval": "ask",,\n}') });
      expect.unreachable();
    } catch (error) {
      expect(ConfigError.isInstance(error) && error.issues).toEqual([
        { file: '.brass-agent.json', keyPath: '', message: 'invalid JSONC at 2:21: property name expected', line: 2, column: 21 },
      ]);
      expect(error).toMatchObject({ code: 'invalid-config' });
    }
  });

  it('reports the problems of every layer at once, each naming its own file', () => {
    expect(
      errorLines({
        user: user({ context: { maxFiles: -1 } }),
        workspace: workspace('{ "approval": 3 }'),
        explicit: { path: EXPLICIT_PATH, text: '{ "trustedWorkspaces": [] }' },
        env: { BRASS_LLM_BASE_URL: 'localhost:8080', BRASS_LLM_PROVIDER: 'gemini' },
        cli: { context: { maxFiles: 0 } },
      }),
    ).toEqual([
      `${USER_PATH}: context.maxFiles: expected a positive integer, got -1`,
      '.brass-agent.json: approval: expected one of "never", "ask", "auto", got 3',
      `${EXPLICIT_PATH}: trustedWorkspaces: trustedWorkspaces is only read from the user config file; run \`brass-agent trust\` in the workspace instead`,
      'env:BRASS_LLM_PROVIDER: llm.provider: expected one of "openai-compatible", "openai", "anthropic", got "gemini"',
      'env:BRASS_LLM_BASE_URL: llm.baseUrl: expected an http(s) URL, got "localhost:8080"',
      'cli: context.maxFiles: expected a positive integer, got 0',
    ]);
  });

  it('rejects a relative path in the user file\'s trustedWorkspaces', () => {
    expect(errorLines({ user: user({ trustedWorkspaces: ['project'] }) })).toEqual([
      `${USER_PATH}: trustedWorkspaces[0]: expected an absolute path, got "project"`,
    ]);
  });

  it('merges defaults < user < workspace < --config < env < cli, recording where each value came from', () => {
    const loaded = load({
      user: trustedUser({ context: { maxFiles: 1, maxSearchQueries: 1, maxSearchResults: 1, excludeGlobs: ['a/**'] }, llm: { model: 'u' } }),
      workspace: workspace('{ "context": { "maxFiles": 2, "maxSearchQueries": 2 }, "llm": { "model": "w" } }'),
      explicit: { path: EXPLICIT_PATH, text: '{ "context": { "maxFiles": 3 }, "llm": { "model": "c" } }' },
      env: { BRASS_LLM_MODEL: 'e', BRASS_LLM_PROVIDER: 'openai', HOME: '/home/u' },
      cli: { context: { maxFiles: 5 } },
      cliFlags: { 'context.maxFiles': '--max-files' },
    });
    expect(loaded.config.context).toMatchObject({ maxFiles: 5, maxSearchQueries: 2, maxSearchResults: 1, excludeGlobs: ['a/**'], enabled: true });
    expect(loaded.config.llm).toEqual({ model: 'e', provider: 'openai', timeoutMs: 120000, maxRetries: 2, maxOutputTokens: 8192, contextWindow: 128000 });
    expect(loaded.sources).toMatchObject({
      'context.maxFiles': 'cli:--max-files',
      'context.maxSearchQueries': 'workspace:.brass-agent.json',
      'context.maxSearchResults': `user:${USER_PATH}`,
      'context.excludeGlobs': `user:${USER_PATH}`,
      'context.enabled': 'default',
      'llm.model': 'env:BRASS_LLM_MODEL',
      'llm.provider': 'env:BRASS_LLM_PROVIDER',
    });
    expect(loaded.sources).not.toHaveProperty('llm.baseUrl');
  });

  it('names the explicit --config file in provenance and lets it override the workspace file', () => {
    const loaded = load({ workspace: workspace('{ "approval": "never" }'), explicit: { path: EXPLICIT_PATH, text: '{ "approval": "auto" }' } });
    expect(loaded.config.approval).toBe('auto');
    expect(loaded.sources.approval).toBe(`config:${EXPLICIT_PATH}`);
  });

  it('says plain "cli" when no flag name is known', () => {
    expect(load({ cli: { approval: 'never' } }).sources.approval).toBe('cli');
  });

  it('replaces arrays instead of concatenating them', () => {
    const loaded = load({
      user: trustedUser({ context: { globs: ['*.ts', '*.md'] }, search: { skipDirs: ['a', 'b'] }, shell: { passEnv: ['A_TOKEN'] } }),
      workspace: workspace('{ "context": { "globs": ["*.py"] }, "search": { "skipDirs": [] }, "shell": { "passEnv": ["B_TOKEN"] } }'),
    });
    expect(loaded.config.context.globs).toEqual(['*.py']);
    expect(loaded.config.search.skipDirs).toEqual([]);
    expect(loaded.config.shell.passEnv).toEqual(['B_TOKEN']);
    expect(loaded.sources['search.skipDirs']).toBe('workspace:.brass-agent.json');
  });

  it('accumulates permission rules across layers, without duplicates, naming every contributing layer', () => {
    const loaded = load({
      user: trustedUser({ permissions: { allow: ['Read(src/**)'], deny: ['Read(.env*)'] } }),
      workspace: workspace('{ "permissions": { "allow": ["Shell(npm test)"], "deny": ["Read(.env*)", "Write(.github/**)"] } }'),
      cli: { permissions: { deny: ['Shell(git push*)'] } },
    });
    expect(loaded.config.permissions).toEqual({
      allow: ['Read(src/**)', 'Shell(npm test)'],
      ask: [],
      deny: ['Read(.env*)', 'Write(.github/**)', 'Shell(git push*)'],
    });
    expect(loaded.sources).toMatchObject({
      'permissions.allow': `user:${USER_PATH}, workspace:.brass-agent.json`,
      'permissions.deny': `user:${USER_PATH}, workspace:.brass-agent.json, cli`,
      'permissions.ask': 'default',
    });
  });

  it('maps only the documented BRASS_LLM_* variables, and an empty one counts as unset', () => {
    const loaded = load({
      env: {
        BRASS_LLM_PROVIDER: 'openai-compatible',
        BRASS_LLM_MODEL: '',
        BRASS_LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
        BRASS_LLM_API_KEY_ENV: 'LOCAL_KEY',
        BRASS_APPROVAL: 'auto',
        BRASS_PERMISSIONS_ALLOW: 'Shell(*)',
      },
    });
    expect(loaded.config.llm).toEqual({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:8080/v1', apiKeyEnv: 'LOCAL_KEY', timeoutMs: 120000, maxRetries: 2, maxOutputTokens: 8192, contextWindow: 128000 });
    expect(loaded.config.approval).toBe('ask');
    expect(loaded.config.permissions.allow).toEqual([]);
    expect(loaded.sources['llm.apiKeyEnv']).toBe('env:BRASS_LLM_API_KEY_ENV');
  });

  it('applies the trust rule to an untrusted workspace file, with one warning per ignored key', () => {
    const loaded = load({
      user: user({ approval: 'ask' }),
      workspace: workspace('{ "approval": "auto", "permissions": { "allow": ["Shell(*)"], "deny": ["Shell(rm*)"] }, "context": { "maxFiles": 2 } }'),
    });
    expect(loaded.isWorkspaceTrusted).toBe(false);
    expect(loaded.config.approval).toBe('ask');
    expect(loaded.config.permissions).toMatchObject({ allow: [], deny: ['Shell(rm*)'] });
    expect(loaded.config.context.maxFiles).toBe(2);
    expect(loaded.sources.approval).toBe(`user:${USER_PATH}`);
    // In schema order, the top-level keys first (see listTrustBehaviours).
    expect(loaded.warnings).toEqual([
      '.brass-agent.json: ignored approval ("auto" approves more than "ask"): this workspace is not trusted; run `brass-agent trust` to trust it',
      '.brass-agent.json: ignored permissions.allow (allows actions without asking): this workspace is not trusted; run `brass-agent trust` to trust it',
    ]);
  });

  it('lets an untrusted workspace only lower a limit below what the user file set', () => {
    const loaded = load({
      user: user({ limits: { maxReadBytes: 4096 } }),
      workspace: workspace('{ "limits": { "maxReadBytes": 8192, "shellTimeoutMs": 1000 } }'),
    });
    expect(loaded.config.limits).toMatchObject({ maxReadBytes: 4096, shellTimeoutMs: 1000 });
    expect(loaded.warnings).toEqual([
      '.brass-agent.json: ignored limits.maxReadBytes (raises the limit above 4096): this workspace is not trusted; run `brass-agent trust` to trust it',
    ]);
  });

  it('trusts the workspace whose real path is in the user file, ignoring a trailing slash', () => {
    const loaded = load({
      user: user({ trustedWorkspaces: ['/elsewhere', `${WORKSPACE_ROOT}/`] }),
      workspace: workspace('{ "approval": "auto", "llm": { "baseUrl": "http://localhost:1234" } }'),
    });
    expect(loaded).toMatchObject({ isWorkspaceTrusted: true, warnings: [] });
    expect(loaded.config).toMatchObject({ approval: 'auto', llm: { baseUrl: 'http://localhost:1234' } });
    expect(loaded.config).not.toHaveProperty('trustedWorkspaces');
  });

  it('does not trust a workspace nested inside a trusted one', () => {
    const loaded = load({ user: user({ trustedWorkspaces: ['/home/u'] }), workspace: workspace('{ "approval": "auto" }') });
    expect(loaded.isWorkspaceTrusted).toBe(false);
    expect(loaded.config.approval).toBe('ask');
  });

  it('never applies the trust rule to the --config file the user chose', () => {
    const loaded = load({ explicit: { path: EXPLICIT_PATH, text: '{ "approval": "auto", "permissions": { "allow": ["Shell(*)"] } }' } });
    expect(loaded.warnings).toEqual([]);
    expect(loaded.config).toMatchObject({ approval: 'auto', permissions: { allow: ['Shell(*)'] } });
  });

  it('trusts a real workspace on disk after `trust` edits the user file, and not after `untrust`', async () => {
    await using temp = await createTempWorkspace({
      files: {
        '.brass-agent.json': '{ "permissions": { "allow": ["Shell(npm test)"] } }',
        'config/brass-agent/config.json': '{\n  // my settings\n  "approval": "ask"\n}\n',
      },
    });
    const userFile = temp.path('config/brass-agent/config.json');
    const loadFromDisk = () =>
      loadConfig({
        user: { path: userFile, text: fs.readFileSync(userFile, 'utf8') },
        workspace: { path: '.brass-agent.json', text: fs.readFileSync(temp.path('.brass-agent.json'), 'utf8') },
        workspaceRealPath: fs.realpathSync(temp.root),
      });

    expect(loadFromDisk().config.permissions.allow).toEqual([]);
    fs.writeFileSync(userFile, setWorkspaceTrust(fs.readFileSync(userFile, 'utf8'), temp.root, true));
    expect(loadFromDisk()).toMatchObject({ isWorkspaceTrusted: true, config: { permissions: { allow: ['Shell(npm test)'] } } });
    expect(fs.readFileSync(userFile, 'utf8')).toContain('// my settings');
    fs.writeFileSync(userFile, setWorkspaceTrust(fs.readFileSync(userFile, 'utf8'), temp.root, false));
    expect(loadFromDisk()).toMatchObject({ isWorkspaceTrusted: false, config: { permissions: { allow: [] } } });
  });
});
