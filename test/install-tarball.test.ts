import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 18, item 9: the package is not on the registry, so README's Install
// section packs it and installs the tarball globally. This is that install,
// for real: `npm pack`, `npm install -g` into a temp prefix, then the
// installed bin run from there (its shebang, its executable bit, its runtime
// dependencies resolved from the install, not from this repository).

const ROOT = path.resolve(import.meta.dirname, '..');
/** `npm pack` of the already built dist/ takes a few seconds. */
const PACK_TIMEOUT_MS = 60_000;
/** The install resolves ~200 packages, from npm's cache when `npm ci` has filled it (~15 s here). */
const INSTALL_TIMEOUT_MS = 150_000;
/** The whole shared setup: pack, install, and the margin to report a timeout before vitest does. */
const SETUP_TIMEOUT_MS = PACK_TIMEOUT_MS + INSTALL_TIMEOUT_MS + 30_000;
/** Lines of a failed npm's output kept in the error. */
const OUTPUT_TAIL_LINES = 20;

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program with a bound on its time: on timeout its whole process group
 * (npm and the install scripts it starts) is killed and the promise rejects
 * with `explainTimeout()`, so an unreachable registry fails instead of hanging.
 */
function runBounded(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; explainTimeout: () => string }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`${options.explainTimeout()}\n${tail(stderr)}`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function tail(output: string): string {
  return output.trimEnd().split('\n').slice(-OUTPUT_TAIL_LINES).join('\n');
}

/** Throws with the command and the end of its output unless it exited 0. */
function expectSuccess(what: string, result: Finished): Finished {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}:\n${tail(result.stderr || result.stdout)}`);
  return result;
}

/**
 * npm's cache directory as the real environment resolves it (`npm test` and
 * `npx` export it as npm_config_cache; otherwise `$HOME/.npm` or the user's
 * npmrc decide), so the install with a temp HOME still finds the packages
 * `npm ci` cached and needs no network.
 */
async function npmCacheDirectory(): Promise<string> {
  const exported = process.env.npm_config_cache;
  if (exported !== undefined && exported !== '') return exported;
  const result = expectSuccess(
    'npm config get cache',
    await runBounded('npm', ['config', 'get', 'cache'], { cwd: ROOT, env: process.env, timeoutMs: PACK_TIMEOUT_MS, explainTimeout: () => 'npm config get cache did not finish' }),
  );
  return result.stdout.trim();
}

/**
 * How the real environment reaches the registry, for packages missing from
 * the cache: npm's `registry`, `cafile` and proxies as it resolves them
 * (`--prefix` moves npm's global npmrc, so a cafile set there would be lost),
 * and the TLS and proxy variables of the environment (a machine behind an
 * intercepting proxy trusts its CA through NODE_EXTRA_CA_CERTS).
 */
async function npmNetworkEnvironment(): Promise<NodeJS.ProcessEnv> {
  const forwarded: NodeJS.ProcessEnv = {};
  for (const name of ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']) {
    const value = process.env[name];
    if (value !== undefined && value !== '') forwarded[name] = value;
  }
  for (const key of ['registry', 'cafile', 'https-proxy', 'proxy', 'noproxy']) {
    const result = await runBounded('npm', ['config', 'get', key], { cwd: ROOT, env: process.env, timeoutMs: PACK_TIMEOUT_MS, explainTimeout: () => `npm config get ${key} did not finish` });
    const value = result.stdout.trim();
    if (result.code === 0 && value !== '' && value !== 'null' && value !== 'undefined') forwarded[`npm_config_${key.replace('-', '_')}`] = value;
  }
  return forwarded;
}

interface Installation {
  /** The installed `brass-agent` executable, `<prefix>/bin/brass-agent`. */
  bin: string;
  /** A clean environment: only PATH, and HOME in a temp directory. */
  env: NodeJS.ProcessEnv;
  workspace: TempWorkspace;
  scratch: TempWorkspace;
}

/** Packs this repository into `scratch` and installs the tarball globally into `scratch/prefix`. */
async function packAndInstall(scratch: TempWorkspace): Promise<Pick<Installation, 'bin' | 'env'>> {
  const cache = await npmCacheDirectory();
  fs.mkdirSync(scratch.path('home'));
  // The user's npmrc and brass-agent config stay out of it (HOME is empty);
  // only the cache and the way to the registry are shared.
  const env: NodeJS.ProcessEnv = {
    ...(await npmNetworkEnvironment()),
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: scratch.path('home'),
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
  };
  // --ignore-scripts: the tests' global setup has just built dist/ (as `npm
  // test` does), so prepack's build would only repeat it.
  const packed = expectSuccess(
    'npm pack',
    await runBounded('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch.root], {
      cwd: ROOT,
      env,
      timeoutMs: PACK_TIMEOUT_MS,
      explainTimeout: () => `npm pack did not finish within ${PACK_TIMEOUT_MS / 1000} s`,
    }),
  );
  const [manifest] = JSON.parse(packed.stdout) as [{ filename: string }];
  const tarball = scratch.path(manifest.filename);
  const prefix = scratch.path('prefix');
  expectSuccess(
    'npm install -g of the packed tarball',
    await runBounded('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
      cwd: scratch.root,
      env,
      timeoutMs: INSTALL_TIMEOUT_MS,
      explainTimeout: () =>
        `npm install -g ${manifest.filename} did not finish within ${INSTALL_TIMEOUT_MS / 1000} s: packages missing from npm's cache (${cache}; \`npm ci\` fills it) are fetched from the registry, which seems unreachable`,
    }),
  );
  return { bin: path.join(prefix, 'bin', 'brass-agent'), env };
}

async function connectMcp(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command, args: [...args], env: env as Record<string, string>, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'brass-install-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

type McpConnection = Awaited<ReturnType<typeof connectMcp>>;

/**
 * Starts two independent servers side by side (each start is a CLI start-up,
 * so one after the other would double the wait); if one fails, the other is
 * closed before the error is thrown.
 */
async function connectBoth(first: [string, readonly string[]], second: [string, readonly string[]], env: NodeJS.ProcessEnv): Promise<[McpConnection, McpConnection]> {
  const [a, b] = await Promise.allSettled([connectMcp(first[0], first[1], env), connectMcp(second[0], second[1], env)]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  for (const started of [a, b]) if (started.status === 'fulfilled') await started.value.client.close();
  throw (a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason) as Error;
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe('the packed tarball installed with npm install -g into a temp prefix (issue 18, item 9)', () => {
  let installation: Installation;
  const created: TempWorkspace[] = [];

  beforeAll(async () => {
    const scratch = await createTempWorkspace();
    created.push(scratch);
    const workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const needle = 1;\n' } });
    created.push(workspace);
    installation = { ...(await packAndInstall(scratch)), workspace, scratch };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const directory of created) await directory.dispose();
  });

  it('installs an executable brass-agent whose --version is package.json version', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    // Run the bin itself (not `node bin`): its shebang and executable bit are part of what is checked.
    const result = expectSuccess(
      'brass-agent --version',
      await runBounded(installation.bin, ['--version'], { cwd: installation.workspace.root, env: installation.env, timeoutMs: 15_000, explainTimeout: () => 'brass-agent --version did not finish' }),
    );
    expect(result.stdout.trim()).toBe(manifest.version);
    expect(fs.realpathSync(installation.bin).startsWith(installation.scratch.root)).toBe(true);
  });

  it('serves `brass-agent mcp` from the install to the SDK client: the same tools as this repository, working on real files', async () => {
    const [installed, repository] = await connectBoth(
      [installation.bin, ['mcp', '--cwd', installation.workspace.root]],
      [process.execPath, [CLI_PATH, 'mcp', '--cwd', installation.workspace.root]],
      installation.env,
    );
    try {
      const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();
      const installedNames = await names(installed.client);
      expect(installedNames).toEqual(await names(repository.client));
      expect(installedNames).toContain('search_text');

      // ripgrep (a platform package) and the file tools load from the install's own dependencies.
      const search = (await installed.client.callTool({ name: 'search_text', arguments: { query: 'needle' } })) as CallToolResult;
      expect(search.isError ?? false).toBe(false);
      expect(textOf(search)).toBe('src/a.ts:1:14: export const needle = 1;');
      const read = (await installed.client.callTool({ name: 'read_file', arguments: { path: 'src/a.ts' } })) as CallToolResult;
      expect(textOf(read)).toBe('export const needle = 1;\n');
      expect(installed.stderr()).toContain('brass-agent MCP server ready');
    } finally {
      await installed.client.close();
      await repository.client.close();
    }
  });
});
