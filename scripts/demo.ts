// `npm run demo`: builds the CLI when dist/ is missing or older than src/,
// then runs `brass-agent discover` on examples/broken-app, running its real
// validation commands (`npm run typecheck`, `npm test`), and prints why each
// file was chosen. Extra arguments are passed on (`npm run demo -- --json`).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const EXAMPLE = path.join(ROOT, 'examples', 'broken-app');

function newestSourceMtime(directory: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (!fs.existsSync(CLI) || fs.statSync(CLI).mtimeMs < newestSourceMtime(path.join(ROOT, 'src'))) {
  process.stderr.write('building brass-agent (dist/ is missing or older than src/) …\n');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
}

process.stderr.write(`brass-agent discover in examples/broken-app (its typecheck and one test fail; the cause is elsewhere)\n\n`);
const run = spawnSync(process.execPath, [CLI, 'discover', 'make the type check and the tests pass', '--cwd', EXAMPLE, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
