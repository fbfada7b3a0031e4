import fs from 'node:fs';
import path from 'node:path';
import type { SessionProblem, SessionSummary } from '../../core/index.js';
import { fileKindOf } from '../file-system/assert-regular-file.js';
import { errnoCode } from '../file-system/to-file-access-error.js';
import { parseSessionHeader, parseSessionSummary, summaryFromHeader } from './parse-session-files.js';
import { OPEN_READ_FLAGS } from './read-session-file.js';

/** A summary is a few hundred bytes; a larger file is not one and is never read whole. */
export const MAX_SUMMARY_BYTES = 64 * 1024;
/** How much of a session file is read for its header when its summary is missing. */
const MAX_HEADER_BYTES = 64 * 1024;
const SUMMARY_NAME_PATTERN = /^([A-Za-z0-9_-]{1,128})\.summary\.json$/;
const SESSION_NAME_PATTERN = /^([A-Za-z0-9_-]{1,128})\.jsonl$/;

export type SummaryFileResult = { kind: 'missing' } | { kind: 'summary'; summary: SessionSummary } | { kind: 'problem'; message: string };

/** One summary file, checked: never through a symlink, never a special file, never more than MAX_SUMMARY_BYTES. */
export async function readSummaryFile(file: string): Promise<SummaryFileResult> {
  const bytes = await readBoundedRegularFile(file, MAX_SUMMARY_BYTES);
  if (bytes.kind !== 'bytes') return bytes;
  if (bytes.isTruncated) return { kind: 'problem', message: `${file} is larger than ${MAX_SUMMARY_BYTES / 1024} KiB, so it is not a session summary` };
  let value: unknown;
  try {
    value = JSON.parse(bytes.content.toString('utf8'));
  } catch {
    return { kind: 'problem', message: `${file} is not valid JSON` };
  }
  const summary = parseSessionSummary(value);
  return summary === null ? { kind: 'problem', message: `${file} is not a session summary` } : { kind: 'summary', summary };
}

/**
 * The sessions of `workspace` in `directory`, newest `updatedAt` first,
 * from their summary files only. A summary that cannot be read is a
 * problem naming the file; a session file whose summary is missing (its
 * writer died between the two) is listed from its header line, with an
 * empty title, no turns and the file's mtime, and nothing is written.
 */
export async function listSessionSummaries(directory: string, workspace: string): Promise<{ sessions: SessionSummary[]; problems: SessionProblem[] }> {
  let names: string[];
  try {
    names = await fs.promises.readdir(directory);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { sessions: [], problems: [] };
    throw error;
  }
  const sessions: SessionSummary[] = [];
  const problems: SessionProblem[] = [];
  const summarized = new Set<string>();
  for (const name of names.sort()) {
    const id = SUMMARY_NAME_PATTERN.exec(name)?.[1];
    if (id === undefined) continue;
    summarized.add(id);
    const file = path.join(directory, name);
    const result = await readSummaryFile(file);
    if (result.kind === 'problem') problems.push({ file, message: result.message });
    else if (result.kind === 'summary' && result.summary.id !== id) problems.push({ file, message: `${file} is the summary of session ${result.summary.id}, not ${id}` });
    else if (result.kind === 'summary' && result.summary.workspace === workspace) sessions.push(result.summary);
  }
  for (const name of names) {
    const id = SESSION_NAME_PATTERN.exec(name)?.[1];
    if (id === undefined || summarized.has(id)) continue;
    const file = path.join(directory, name);
    const rebuilt = await summaryFromSessionFile(file, id);
    if ('message' in rebuilt) problems.push({ file, message: rebuilt.message });
    else if (rebuilt.workspace === workspace) sessions.push(rebuilt);
  }
  sessions.sort((left, right) => Date.parse(right.updatedAt) - Date.parse(left.updatedAt) || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return { sessions, problems };
}

async function summaryFromSessionFile(file: string, id: string): Promise<SessionSummary | { message: string }> {
  const bytes = await readBoundedRegularFile(file, MAX_HEADER_BYTES);
  if (bytes.kind === 'missing') return { message: `${file} vanished while the sessions were listed` };
  if (bytes.kind === 'problem') return bytes;
  const newline = bytes.content.indexOf(0x0a);
  let header = null;
  if (newline !== -1) {
    try {
      header = parseSessionHeader(JSON.parse(bytes.content.subarray(0, newline).toString('utf8')));
    } catch {
      header = null;
    }
  }
  if (header === null || header.id !== id) return { message: `${file} has no summary and its first line is not the header of session ${id}` };
  return summaryFromHeader(header, new Date(bytes.modifiedMs).toISOString());
}

type BoundedRead = { kind: 'missing' } | { kind: 'problem'; message: string } | { kind: 'bytes'; content: Buffer; isTruncated: boolean; modifiedMs: number };

/** Up to `maxBytes` of a regular file (lstat, then O_NOFOLLOW and a check of the opened file). */
async function readBoundedRegularFile(file: string, maxBytes: number): Promise<BoundedRead> {
  let handle: fs.promises.FileHandle;
  try {
    const stats = await fs.promises.lstat(file);
    if (!stats.isFile()) return { kind: 'problem', message: `${file} is ${nounOf(stats)}, not a regular file` };
    handle = await fs.promises.open(file, OPEN_READ_FLAGS);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { kind: 'missing' };
    if (errnoCode(error) === 'ELOOP') return { kind: 'problem', message: `${file} is a symbolic link, not a regular file` };
    return { kind: 'problem', message: `${file} cannot be read (${errnoCode(error) ?? String(error)})` };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: 'problem', message: `${file} is ${nounOf(stats)}, not a regular file` };
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes + 1));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { kind: 'bytes', content: buffer.subarray(0, Math.min(bytesRead, maxBytes)), isTruncated: bytesRead > maxBytes, modifiedMs: stats.mtimeMs };
  } finally {
    await handle.close();
  }
}

function nounOf(stats: fs.Stats): string {
  const kind = fileKindOf(stats);
  return kind === 'fifo' ? 'a FIFO' : kind === 'directory' ? 'a directory' : kind === 'symlink' ? 'a symbolic link' : `a ${kind}`;
}
