import type { SessionHeader, SessionRecord, SessionSummary } from '../../core/index.js';

/** Version of the session file format (the header's `version`). */
export const SESSION_FORMAT_VERSION = 1;

/** Session ids become file names: nothing else may reach the filesystem as one. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** A header read back from disk, checked field by field; null when the value is not one. */
export function parseSessionHeader(value: unknown): SessionHeader | null {
  if (!isPlainRecord(value) || value.kind !== 'session' || value.version !== SESSION_FORMAT_VERSION) return null;
  const { id, workspace, createdAt } = value;
  if (typeof id !== 'string' || !SESSION_ID_PATTERN.test(id) || typeof workspace !== 'string' || !isTime(createdAt)) return null;
  return { kind: 'session', version: SESSION_FORMAT_VERSION, id, workspace, createdAt };
}

/** A record after the header: any object with a string `kind` (the engine owns what kinds mean). */
export function isSessionRecord(value: unknown): value is SessionRecord {
  return isPlainRecord(value) && typeof value.kind === 'string';
}

/** A summary read back from disk, checked field by field; null when the value is not one. */
export function parseSessionSummary(value: unknown): SessionSummary | null {
  if (!isPlainRecord(value)) return null;
  const { id, title, workspace, createdAt, updatedAt, turns } = value;
  if (typeof id !== 'string' || typeof title !== 'string' || typeof workspace !== 'string' || !isTime(createdAt) || !isTime(updatedAt) || !isCount(turns)) return null;
  return { id, title, workspace, createdAt, updatedAt, turns };
}

/** The summary of a session whose summary file is missing or unusable: what its header tells. */
export function summaryFromHeader(header: SessionHeader, updatedAt: string = header.createdAt): SessionSummary {
  return { id: header.id, title: '', workspace: header.workspace, createdAt: header.createdAt, updatedAt, turns: 0 };
}

export function isTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
