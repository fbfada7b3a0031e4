import type { CheckpointManifest, CheckpointManifestFile, LastRunRecord, RunFileChange, StoredFileRef } from '../../core/index.js';

/** Version of the manifest and last-run files on disk. */
export const CHECKPOINT_FORMAT_VERSION = 1;

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/** A manifest file row: `[path, sha256, sizeBytes, modifiedMs, mode]` (compact: a workspace may have 100,000 files). */
type ManifestRow = [string, string, number, number, number];

/** The manifest as JSON text, one compact row per file. */
export function serializeManifest(manifest: CheckpointManifest): string {
  const rows: ManifestRow[] = manifest.files.map((file) => [file.path, file.sha256, file.sizeBytes, file.modifiedMs, file.mode]);
  return JSON.stringify({ version: CHECKPOINT_FORMAT_VERSION, id: manifest.id, runId: manifest.runId, workspaceRoot: manifest.workspaceRoot, createdAt: manifest.createdAt, files: rows });
}

/** A manifest read back from disk, checked field by field; null when the text is not one. */
export function parseManifest(text: string): CheckpointManifest | null {
  const value = parseJson(text);
  if (!isRecord(value) || value.version !== CHECKPOINT_FORMAT_VERSION) return null;
  const { id, runId, workspaceRoot, createdAt, files } = value;
  if (typeof id !== 'string' || typeof runId !== 'string' || typeof workspaceRoot !== 'string' || typeof createdAt !== 'string' || !Array.isArray(files)) return null;
  const parsed: CheckpointManifestFile[] = [];
  for (const row of files as unknown[]) {
    if (!Array.isArray(row) || row.length !== 5) return null;
    const [path, sha256, sizeBytes, modifiedMs, mode] = row as unknown[];
    if (typeof path !== 'string' || !isSha256(sha256) || !isCount(sizeBytes) || typeof modifiedMs !== 'number' || !isMode(mode)) return null;
    parsed.push({ path, sha256, sizeBytes, modifiedMs, mode });
  }
  return { id, runId, workspaceRoot, createdAt, files: parsed };
}

/** The last-run record as JSON text. */
export function serializeLastRun(record: LastRunRecord): string {
  return JSON.stringify({ version: CHECKPOINT_FORMAT_VERSION, ...record });
}

/** A last-run record read back from disk, checked field by field; null when the text is not one. */
export function parseLastRun(text: string): LastRunRecord | null {
  const value = parseJson(text);
  if (!isRecord(value) || value.version !== CHECKPOINT_FORMAT_VERSION) return null;
  const { workspaceRoot, runId, checkpointId, finishedAt, changes, undoneAt } = value;
  if (typeof workspaceRoot !== 'string' || typeof runId !== 'string' || typeof checkpointId !== 'string') return null;
  if (!isTimeOrNull(finishedAt) || !isTimeOrNull(undoneAt)) return null;
  if (changes === null) return { workspaceRoot, runId, checkpointId, finishedAt, changes: null, undoneAt };
  if (!Array.isArray(changes)) return null;
  const parsed: RunFileChange[] = [];
  for (const change of changes as unknown[]) {
    if (!isRecord(change) || typeof change.path !== 'string') return null;
    const before = refOf(change.before);
    const after = refOf(change.after);
    if (before === undefined || after === undefined) return null;
    parsed.push({ path: change.path, before, after });
  }
  return { workspaceRoot, runId, checkpointId, finishedAt, changes: parsed, undoneAt };
}

function refOf(value: unknown): StoredFileRef | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isSha256(value.sha256) || !isMode(value.mode)) return undefined;
  return { sha256: value.sha256, mode: value.mode };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSha256(value: unknown): value is string {
  return typeof value === 'string' && SHA256_PATTERN.test(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isMode(value: unknown): value is number {
  return isCount(value) && value <= 0o777;
}

function isTimeOrNull(value: unknown): value is string | null {
  return value === null || (typeof value === 'string' && !Number.isNaN(Date.parse(value)));
}
