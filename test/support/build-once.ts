import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.js';

export { CLI_PATH } from '../../scripts/build-if-stale.js';

/**
 * Vitest global setup: the end-to-end tests run the built CLI, so build it
 * when dist/ is missing or older than src/ (`npm test` has just built it).
 * Every test process (and every CLI it spawns) gets its own cache and state
 * directories, so no test writes to the real ~/.cache or ~/.local/state.
 */
export default function setup(): () => void {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-test-home-'));
  process.env.XDG_CACHE_HOME = path.join(scratch, 'cache');
  process.env.XDG_STATE_HOME = path.join(scratch, 'state');
  // For running unit tests while the tree does not build yet (work in progress).
  if (process.env.BRASS_SKIP_BUILD !== '1') buildIfStale();
  return () => fs.rmSync(scratch, { recursive: true, force: true });
}
