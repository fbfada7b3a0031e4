import { BrassError, InvalidInputError, type Runtime } from '../../core/index.js';
import { renderDocsGuidance, upsertDocsGuidance } from './docs-guidance.js';
import type { DocsMap } from './create-docs-map.js';

/** The guidance file at the workspace root. */
export const GUIDANCE_FILE = 'AGENTS.md';
/** A guidance file larger than this is not edited: it could not be kept byte for byte. */
export const MAX_GUIDANCE_FILE_BYTES = 1024 * 1024;

/** What writeDocsGuidance did. */
export interface DocsGuidanceResult {
  /** Workspace-relative path of the file. */
  path: string;
  /** False when the block was already up to date (nothing was written). */
  changed: boolean;
  /** True when the file did not exist before. */
  created: boolean;
  /** Regions listed in the block. */
  regions: number;
}

/**
 * Writes the docs map block (regions only, see renderDocsGuidance) into the
 * workspace's AGENTS.md through the runtime: read with `fs.readFile`, written
 * with `patch.apply` and the content it was computed from as
 * `expectedContent`, so a concurrent edit fails as a conflict instead of
 * being overwritten. Idempotent: an up-to-date block writes nothing.
 *
 * Throws InvalidInputError for a file that is too large, not UTF-8 or has
 * broken markers; BrassError with the action's code when the write is
 * denied or fails.
 */
export async function writeDocsGuidance(runtime: Runtime, map: DocsMap, fileName: string = GUIDANCE_FILE): Promise<DocsGuidanceResult> {
  const read = await runtime.execute({ kind: 'fs.readFile', path: fileName, maxBytes: MAX_GUIDANCE_FILE_BYTES });
  let existing: string | null = null;
  if (read.ok) {
    if (read.value.truncated) throw new InvalidInputError(fileName, `is larger than ${MAX_GUIDANCE_FILE_BYTES} bytes; it is not edited`);
    if (read.value.encoding !== 'utf8') throw new InvalidInputError(fileName, 'is not valid UTF-8; it is not edited, so no byte of it can be damaged');
    existing = read.value.content;
  } else if (read.error.code !== 'not-found') {
    throw new BrassError(read.error.code, read.error.message);
  }
  const regions = map.regions().regions;
  const next = upsertDocsGuidance(existing, renderDocsGuidance(regions), fileName);
  const result = { path: read.ok ? read.value.path : fileName, changed: next !== existing, created: existing === null, regions: regions.length };
  if (!result.changed) return result;
  const applied = await runtime.execute({ kind: 'patch.apply', tool: 'docs_guidance', edits: [{ path: fileName, content: next, expectedContent: existing }] });
  if (!applied.ok) throw new BrassError(applied.error.code, applied.error.message);
  return { ...result, path: applied.value.files[0]?.path ?? result.path };
}
