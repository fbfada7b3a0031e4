// `npm run demo`: builds the CLI when dist/ is missing or older than src/,
// then runs `brass-agent discover` on examples/broken-app, running its real
// validation commands (`npm run typecheck`, `npm test`), and prints why each
// file was chosen. Extra arguments are passed on (`npm run demo -- --json`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CLI_PATH as CLI, ROOT, buildIfStale } from './build-if-stale.js';

const EXAMPLE = path.join(ROOT, 'examples', 'broken-app');

buildIfStale(() => process.stderr.write('building brass-agent (dist/ is missing or older than src/) …\n'));

process.stderr.write(`brass-agent discover in examples/broken-app (its typecheck and one test fail; the cause is elsewhere)\n\n`);
const run = spawnSync(process.execPath, [CLI, 'discover', 'make the type check and the tests pass', '--cwd', EXAMPLE, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
