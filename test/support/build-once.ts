import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const CLI_PATH = path.join(ROOT, 'dist', 'cli', 'main.js');

function newestSourceMtime(directory: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Vitest global setup: the end-to-end tests run the built CLI, so build it
 * when dist/ is missing or older than src/ (`npm test` has just built it).
 */
export default function setup(): void {
  // For running unit tests while the tree does not build yet (work in progress).
  if (process.env.BRASS_SKIP_BUILD === '1') return;
  const isFresh = fs.existsSync(CLI_PATH) && fs.statSync(CLI_PATH).mtimeMs >= newestSourceMtime(path.join(ROOT, 'src'));
  if (!isFresh) execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
}
