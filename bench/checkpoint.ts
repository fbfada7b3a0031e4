/**
 * Checkpoint cost on a large tree: `takeCheckpoint` (list, hash, store the
 * blobs, write the manifest) cold (an empty store) and warm (incremental:
 * nothing changed since the previous checkpoint, so no file is read),
 * against the same work done by git in the same run: `git add -A` into a
 * temporary index (GIT_INDEX_FILE) plus `git write-tree`, cold (a new index
 * and object store) and warm (the same index again: git's stat cache).
 *
 *     npm run bench:checkpoint [-- --files N] [-- --reps N]
 *
 * The tree is generated in a temp directory: N small files (default 20,000)
 * in nested folders, a fifth of them sharing content. The medians of the
 * rounds are reported as ratios against git.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createFileCheckpointStore } from '../src/adapters/checkpoint-store/index.js';
import { openWorkspace } from '../src/adapters/node-workspace/index.js';
import { takeCheckpoint } from '../src/agent/checkpoint/index.js';
import { systemClock, type CheckpointManifest } from '../src/core/index.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);

function generateTree(root: string, fileCount: number): void {
  for (let index = 0; index < fileCount; index += 1) {
    const directory = path.join(root, 'src', `area-${index % 40}`, `module-${index % 500}`);
    fs.mkdirSync(directory, { recursive: true });
    const body = index % 5 === 0 ? 'export const shared = true;\n' : `export const value${index} = ${index};\n// ${'lorem ipsum '.repeat(index % 20)}\n`;
    fs.writeFileSync(path.join(directory, `file-${index}.ts`), body);
  }
  fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
}

function git(root: string, gitArgs: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync('git', gitArgs, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`git ${gitArgs.join(' ')} failed: ${result.stderr.toString()}`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(work: () => Promise<void> | void): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Runs the benchmark and returns the lines of its report. */
export async function benchCheckpoint(options: { files?: number; reps?: number } = {}): Promise<string[]> {
  const fileCount = options.files ?? option('--files', 20_000);
  const reps = options.reps ?? option('--reps', 3);
  const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-checkpoint-')));
  try {
    const root = path.join(scratch, 'tree');
    fs.mkdirSync(root);
    generateTree(root, fileCount);
    const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_DIR: path.join(scratch, 'git') };
    git(root, ['init', '-q', '--bare', path.join(scratch, 'git')], gitEnv);
    const workspace = await openWorkspace({ cwd: root, env: { PATH: process.env.PATH ?? '' } });

    const cold = { ours: [] as number[], git: [] as number[] };
    const warm = { ours: [] as number[], git: [] as number[] };
    let stored = 0;
    for (let rep = 0; rep < reps; rep += 1) {
      const storeDirectory = path.join(scratch, `store-${rep}`);
      const store = createFileCheckpointStore({ directory: storeDirectory });
      let manifest: CheckpointManifest | null = null;
      cold.ours.push(
        await timed(async () => {
          const result = await takeCheckpoint({ store, runtime: workspace.runtime, runId: `cold-${rep}`, clock: systemClock, previous: null });
          if (!result.ok) throw new Error(result.reason);
          manifest = result.manifest;
        }),
      );
      warm.ours.push(
        await timed(async () => {
          const result = await takeCheckpoint({ store, runtime: workspace.runtime, runId: `warm-${rep}`, clock: systemClock, previous: manifest });
          if (!result.ok || result.reusedFiles !== fileCount) throw new Error('the warm checkpoint re-read files');
        }),
      );
      stored = (fs.readdirSync(path.join(storeDirectory, 'blobs'), { recursive: true }) as string[]).filter((name) => /[0-9a-f]{64}$/.test(name)).length;

      const index = path.join(scratch, `index-${rep}`);
      const objects = path.join(scratch, `git-${rep}`);
      git(root, ['init', '-q', '--bare', objects], gitEnv);
      const env = { ...gitEnv, GIT_DIR: objects, GIT_WORK_TREE: root, GIT_INDEX_FILE: index };
      const gitRound = () => {
        git(root, ['add', '-A'], env);
        git(root, ['write-tree'], env);
      };
      cold.git.push(await timed(gitRound));
      warm.git.push(await timed(gitRound));
    }
    const line = (label: string, ours: number[], theirs: number[]) =>
      `${label.padEnd(22)} ${median(ours).toFixed(0).padStart(6)} ms   git ${median(theirs).toFixed(0).padStart(6)} ms   ratio ${(median(ours) / median(theirs)).toFixed(2)}×`;
    return [
      `checkpoint of ${fileCount} files (${stored} distinct contents stored), median of ${reps}:`,
      line('cold (empty store)', cold.ours, cold.git),
      line('warm (incremental)', warm.ours, warm.git),
    ];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchCheckpoint()) console.log(line);
}
