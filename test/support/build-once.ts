import { buildIfStale } from '../../scripts/build-if-stale.js';

export { CLI_PATH } from '../../scripts/build-if-stale.js';

/**
 * Vitest global setup: the end-to-end tests run the built CLI, so build it
 * when dist/ is missing or older than src/ (`npm test` has just built it).
 */
export default function setup(): void {
  // For running unit tests while the tree does not build yet (work in progress).
  if (process.env.BRASS_SKIP_BUILD === '1') return;
  buildIfStale();
}
