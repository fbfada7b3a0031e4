import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { runCli } from './support/run-cli.js';
import { createTempWorkspace } from './support/temp-workspace.js';

// The CLI is an esbuild bundle (scripts/bundle-cli.ts, issue 21). What a
// bundle can break, checked on the built one: a worker thread loads its task
// module by URL (in a bundle `import.meta.url` is a chunk's, whose exports
// are renamed); the stack traces' source maps must ship with the package.

/** More small modules than PARALLEL_MIN_FILES (256), so discovery indexes them on worker threads. */
function ledgerModules(): Record<string, string> {
  const files: Record<string, string> = { 'package.json': '{ "name": "ledger", "version": "1.0.0" }\n' };
  for (let number = 0; number < 300; number += 1) {
    files[`src/ledger/entry-${number}.ts`] = `/** Posts entry ${number} to the ledger, rounding to cents. */\nexport function ledgerEntry${number}(amount: number) {\n  return Math.round(amount * ${number});\n}\n`;
  }
  return files;
}

describe('the bundled CLI', () => {
  it('indexes a discover of 300 files on worker threads, as the unbundled modules did (no main-thread fallback)', async () => {
    await using workspace = await createTempWorkspace({ files: ledgerModules() });
    const env = { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg'), XDG_CACHE_HOME: workspace.path('.cache') };
    const result = await runCli(['discover', 'posting an entry to the ledger loses cents', '--no-run', '--cwd', workspace.root], { env, timeoutMs: 60_000 });
    expect(result.code).toBe(0);
    // A task module the worker cannot load (or that lacks indexBatch) is reported in the Notes and indexed here instead.
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/other threads failed|on the main thread/);
    expect(result.stdout).toMatch(/src\/ledger\/entry-\d+\.ts/);
  });

  it('ships the source map each bundle file names, in the published files', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(CLI_PATH), '..', '..', 'package.json'), 'utf8')) as { bin: Record<string, string>; files: string[] };
    expect(path.resolve(path.dirname(CLI_PATH), '..', '..', manifest.bin['brass-agent']!)).toBe(CLI_PATH);
    const directory = path.dirname(CLI_PATH);
    for (const file of fs.readdirSync(directory).filter((name) => name.endsWith('.js'))) {
      const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(fs.readFileSync(path.join(directory, file), 'utf8'))?.[1];
      expect(named, file).toBe(`${file}.map`);
      expect(fs.existsSync(path.join(directory, named!)), file).toBe(true);
    }
    expect(manifest.files).toContain('dist');
  });

  // js-yaml (gray-matter's YAML) would load esprima, a 280 KB parser, at every start that parses frontmatter;
  // commander would load child_process (with net and stream) at every start.
  it('bundles js-yaml without its esprima require and commander without its child_process require at load, and still parses frontmatter', async () => {
    const directory = path.dirname(CLI_PATH);
    const bundled = fs.readdirSync(directory).filter((name) => name.endsWith('.js')).map((name) => fs.readFileSync(path.join(directory, name), 'utf8'));
    expect(bundled.some((text) => text.includes('js-yaml'))).toBe(true);
    expect(bundled.filter((text) => /require\(\s*['"]esprima['"]\s*\)/.test(text))).toEqual([]);
    // commander's child_process require (for executable subcommands) is deferred to a spawn: no top-level require of it is left.
    expect(bundled.some((text) => text.includes('node_modules/commander/lib/command.js'))).toBe(true);
    expect(bundled.filter((text) => /^\s*(?:var|let|const) \w+ = (?:__)?require\(\s*['"]node:child_process['"]\s*\);/m.test(text))).toEqual([]);
    await using workspace = await createTempWorkspace({ files: { 'docs/install.md': '---\ntitle: Setting up\ndescription: How to install it\n---\n# Install\n\nRun the installer.\n' } });
    const result = await runCli(['docs', 'install', '--json'], { cwd: workspace.root });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Setting up', description: 'How to install it' });
  });
});
