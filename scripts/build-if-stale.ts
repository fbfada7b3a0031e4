import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '..');
/** The built CLI entry: the bundle scripts/bundle-cli.ts writes. */
export const CLI_PATH = path.join(ROOT, 'dist', 'cli', 'main.js');

function newestSourceMtime(directory: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full));
    // .css: the studio's style sheet (src/server/studio) is bundled too.
    else if (entry.name.endsWith('.ts') || entry.name.endsWith('.tsx') || entry.name.endsWith('.css')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds as `npm run build` does (tsc, the CLI bundle, the studio page) when dist/ is
 * missing or older than src/; returns whether it built. Used by `npm run
 * demo` and by the tests' global setup.
 */
export function buildIfStale(onBuild?: () => void): boolean {
  const isFresh = fs.existsSync(CLI_PATH) && fs.statSync(CLI_PATH).mtimeMs >= newestSourceMtime(path.join(ROOT, 'src'));
  if (isFresh) return false;
  onBuild?.();
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'scripts', 'bundle-cli.ts')], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'scripts', 'bundle-studio.ts')], { cwd: ROOT, stdio: 'inherit' });
  return true;
}
