import fs from 'node:fs';
import path from 'node:path';
import {
  BrassError,
  type CaptureFileRequest,
  type CheckpointFileState,
  type CheckpointManifest,
  type CheckpointStore,
  FileAccessError,
  InvalidInputError,
  type LastRunRecord,
  type RestoreFileRequest,
  nodeCrypto,
} from '../../core/index.js';
import { removeFile } from '../file-system/index.js';
import { resolveContainedTarget } from '../file-system/resolve-contained-target.js';
import { errnoCode } from '../file-system/to-file-access-error.js';
import { parseLastRun, parseManifest, serializeLastRun, serializeManifest } from './parse-checkpoint-records.js';
import { syncDirectory } from '../file-system/sync-directory.js';
import { writeViaTempFile } from '../file-system/write-via-temp-file.js';
import { withStoreErrors } from '../file-system/with-store-errors.js';

/** Manifests kept per workspace: the newest (incremental reuse, undo) and the one before it. */
export const KEPT_MANIFESTS_PER_WORKSPACE = 2;
// The store holds file contents, secrets included: private to the user.
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const PERMISSION_BITS = 0o777;
const OPEN_READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
/** Checkpoint ids become file names: nothing else may reach the filesystem as one. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const SHA256_PATTERN = /^[0-9a-f]{64}$/;
const LAST_RUN_FILE = 'last-run.json';

/** The checkpoint store on disk, and where it is. */
export interface FileCheckpointStore extends CheckpointStore {
  readonly directory: string;
}

/**
 * The checkpoint store as files under `directory`:
 * `blobs/<2 hex>/<sha256>` (each distinct content once, mode 0600),
 * `workspaces/<sha256(workspaceRoot), 16 hex>/manifests/<id>.json` and
 * `…/last-run.json`. Blobs are written to a temp file and renamed (their
 * name is their hash, so a damaged one is detected on read); manifests and
 * the last-run record are also synced, with their directory. Reading a
 * workspace file never follows a symlink, and its parent directory must be
 * contained.
 *
 * Throws BrassError `checkpoint-corrupt` for a missing or damaged manifest,
 * blob or record (one line that names the store and the fix),
 * `checkpoint-failed` when the disk refuses, and InvalidInputError for a
 * malformed id or hash.
 *
 * @example
 * const store = createFileCheckpointStore({ directory: checkpointDirectory(process.env, os.homedir()) });
 * const state = await store.captureFile({ path: '/srv/app/src/a.ts', isContained, keep: true });
 */
export function createFileCheckpointStore(options: { directory: string }): FileCheckpointStore {
  const { directory } = options;
  const blobsDirectory = path.join(directory, 'blobs');
  /** Blobs known to be stored (written or checked by this process): no stat per file of a checkpoint. */
  const knownBlobs = new Set<string>();
  /** Real parent directories per containment check (one checkpoint passes one function), so 100,000 files need not 100,000 realpaths. */
  const realParents = new WeakMap<(realPath: string) => boolean, Map<string, string>>();

  const workspaceDirectory = (workspaceRoot: string) => path.join(directory, 'workspaces', nodeCrypto().createHash('sha256').update(workspaceRoot).digest('hex').slice(0, 16));
  const blobPath = (sha256: string) => path.join(blobsDirectory, sha256.slice(0, 2), sha256);
  const corrupt = (what: string) =>
    new BrassError('checkpoint-corrupt', `the checkpoint store ${directory} is damaged: ${what}; nothing was restored (remove ${directory} to start over)`);

  async function realParentOf(target: string, isContained: (realPath: string) => boolean): Promise<string> {
    let cache = realParents.get(isContained);
    if (cache === undefined) {
      cache = new Map();
      realParents.set(isContained, cache);
    }
    const parent = path.dirname(target);
    const known = cache.get(parent);
    if (known !== undefined) return known;
    const real = path.dirname(await resolveContainedTarget(target, isContained, { createParents: false }));
    cache.set(parent, real);
    return real;
  }

  async function hasBlob(sha256: string, sizeBytes: number): Promise<boolean> {
    if (knownBlobs.has(sha256)) return true;
    try {
      const stats = await fs.promises.lstat(blobPath(sha256));
      const isStored = stats.isFile() && stats.size === sizeBytes;
      if (isStored) knownBlobs.add(sha256);
      return isStored;
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return false;
      throw error;
    }
  }

  async function writeBlob(sha256: string, content: Uint8Array): Promise<void> {
    if (await hasBlob(sha256, content.byteLength)) return;
    const target = blobPath(sha256);
    // Not synced one by one (a cold checkpoint writes thousands): a blob torn by a crash fails its hash on read.
    await writeReplacing(target, content, { isDurable: false });
    knownBlobs.add(sha256);
  }

  return {
    directory,
    captureFile: (request: CaptureFileRequest) =>
      guarded(directory, async (): Promise<CheckpointFileState | null> => {
        let handle: fs.promises.FileHandle;
        try {
          const realParent = await realParentOf(request.path, request.isContained);
          handle = await fs.promises.open(path.join(realParent, path.basename(request.path)), OPEN_READ_FLAGS);
        } catch (error) {
          // Gone, or a symlink now (O_NOFOLLOW: ELOOP): not a file of the checkpoint.
          if (FileAccessError.isInstance(error) && error.reason === 'not-found') return null;
          const code = errnoCode(error);
          if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR' || code === 'ENXIO') return null;
          throw error;
        }
        try {
          const stats = await handle.stat();
          if (!stats.isFile()) return null;
          const content = await handle.readFile();
          const sha256 = nodeCrypto().createHash('sha256').update(content).digest('hex');
          if (request.keep) await writeBlob(sha256, content);
          return { sha256, sizeBytes: stats.size, modifiedMs: stats.mtimeMs, mode: stats.mode & PERMISSION_BITS };
        } finally {
          await handle.close();
        }
      }),
    readBlob: (sha256) =>
      guarded(directory, async () => {
        if (!SHA256_PATTERN.test(sha256)) throw new InvalidInputError('sha256', `${JSON.stringify(sha256)} is not a sha256 hash`);
        let content: Buffer;
        try {
          content = await fs.promises.readFile(blobPath(sha256), { flag: OPEN_READ_FLAGS });
        } catch (error) {
          if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ELOOP') throw corrupt(`blob ${sha256.slice(0, 12)} is missing`);
          throw error;
        }
        if (nodeCrypto().createHash('sha256').update(content).digest('hex') !== sha256) throw corrupt(`blob ${sha256.slice(0, 12)} does not match its hash`);
        return content;
      }),
    hasBlob: (sha256, sizeBytes) => guarded(directory, () => hasBlob(sha256, sizeBytes)),
    writeManifest: (manifest: CheckpointManifest) =>
      guarded(directory, async () => {
        if (!ID_PATTERN.test(manifest.id)) throw new InvalidInputError('id', `${JSON.stringify(manifest.id)} is not a checkpoint id (letters, digits, - and _)`);
        const folder = path.join(workspaceDirectory(manifest.workspaceRoot), 'manifests');
        await writeReplacing(path.join(folder, `${manifest.id}.json`), Buffer.from(serializeManifest(manifest), 'utf8'), { isDurable: true });
        await pruneManifests(folder);
      }),
    readManifest: (workspaceRoot, id) =>
      guarded(directory, async () => {
        if (!ID_PATTERN.test(id)) throw corrupt(`checkpoint id ${JSON.stringify(id)} is not valid`);
        const text = await readTextOrNull(path.join(workspaceDirectory(workspaceRoot), 'manifests', `${id}.json`));
        if (text === null) throw corrupt(`checkpoint ${id} is missing`);
        const manifest = parseManifest(text);
        if (manifest === null || manifest.workspaceRoot !== workspaceRoot || manifest.id !== id) throw corrupt(`checkpoint ${id} does not parse`);
        return manifest;
      }),
    readLastRun: (workspaceRoot) =>
      guarded(directory, async () => {
        const file = path.join(workspaceDirectory(workspaceRoot), LAST_RUN_FILE);
        const text = await readTextOrNull(file);
        if (text === null) return null;
        const record = parseLastRun(text);
        if (record === null) throw corrupt(`${path.relative(directory, file)} does not parse`);
        // Another workspace whose hash prefix collides: not this workspace's run.
        return record.workspaceRoot === workspaceRoot ? record : null;
      }),
    writeLastRun: (record: LastRunRecord) =>
      guarded(directory, async () => {
        await writeReplacing(path.join(workspaceDirectory(record.workspaceRoot), LAST_RUN_FILE), Buffer.from(serializeLastRun(record), 'utf8'), { isDurable: true });
      }),
    restoreFile: (request: RestoreFileRequest) => guarded(directory, () => restoreFile(request)),
    removeFile: async (request) => {
      try {
        await removeFile(request);
      } catch (error) {
        if (FileAccessError.isInstance(error) && error.reason === 'not-found') return;
        throw error;
      }
    },
  };
}

/**
 * Writes a workspace file the way `undo` restores it: a temp file created
 * exclusively beside the target with `mode` (set exactly, past the umask),
 * written, synced and renamed over the target. An existing target must be
 * a regular file (a symlink is replaced, never followed).
 */
async function restoreFile(request: RestoreFileRequest): Promise<void> {
  const target = await resolveContainedTarget(request.path, request.isContained, { createParents: true });
  try {
    const existing = await fs.promises.lstat(target);
    if (existing.isDirectory()) throw new FileAccessError({ reason: 'is-a-directory', path: request.path, message: `${request.path} is a directory now; it cannot be restored as a file` });
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  await writeReplacing(target, request.content, { isDurable: true, mode: request.mode & PERMISSION_BITS });
}

/** Temp file + rename; with `isDurable` the data and the directory entry are synced too. */
async function writeReplacing(target: string, content: Uint8Array, options: { isDurable: boolean; mode?: number }): Promise<void> {
  const folder = path.dirname(target);
  const isStoreFile = options.mode === undefined;
  await fs.promises.mkdir(folder, { recursive: true, ...(isStoreFile ? { mode: DIRECTORY_MODE } : {}) });
  await writeViaTempFile(target, content, { mode: options.mode ?? FILE_MODE, isDurable: options.isDurable });
  if (options.isDurable) await syncDirectory(folder);
}

/** Keeps the newest KEPT_MANIFESTS_PER_WORKSPACE manifests of a workspace (by mtime). */
async function pruneManifests(folder: string): Promise<void> {
  const names = (await fs.promises.readdir(folder)).filter((name) => name.endsWith('.json'));
  if (names.length <= KEPT_MANIFESTS_PER_WORKSPACE) return;
  const dated = await Promise.all(names.map(async (name) => ({ name, mtimeMs: (await fs.promises.lstat(path.join(folder, name))).mtimeMs })));
  dated.sort((left, right) => right.mtimeMs - left.mtimeMs);
  for (const { name } of dated.slice(KEPT_MANIFESTS_PER_WORKSPACE)) await fs.promises.rm(path.join(folder, name), { force: true });
}

async function readTextOrNull(file: string): Promise<string | null> {
  try {
    return await fs.promises.readFile(file, { encoding: 'utf8', flag: OPEN_READ_FLAGS });
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function guarded<T>(directory: string, work: () => Promise<T>): Promise<T> {
  return withStoreErrors({ code: 'checkpoint-failed', name: 'the checkpoint store', directory }, work);
}
