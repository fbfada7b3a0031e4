import type { Runtime } from '../../core/index.js';
import type { TargetedFile } from './assign-targets.js';
import { buildDocsIndex, type DocsIndexData } from './docs-index.js';
import { DOCS_IO_CONCURRENCY } from './list-docs-files.js';
import { mapWithConcurrency } from '../../core/index.js';
import { type PageRecord, type PageText, buildPageRecord } from './page-record.js';
import { readPageText } from './read-page-text.js';

/** A page whose text has more than this share of U+FFFD replacement characters is treated as binary. */
const MAX_REPLACEMENT_SHARE = 0.01;

/** A page read for the index, kept so the first searches need not read it again. */
export interface LoadedPage {
  text: PageText;
  truncated: boolean;
}

/**
 * Reads one page through the runtime's safe read (`fs.readFile`: the
 * workspace scope, permission rules, no FIFOs or devices, at most
 * `maxPageBytes`) and parses it. Returns the failure as a one-line reason
 * instead of throwing: a binary file, a denied read, mostly-invalid UTF-8.
 */
export async function loadPage(runtime: Runtime, file: { path: string; relativePath: string; target: string }, maxPageBytes: number): Promise<LoadedPage | { problem: string }> {
  const read = await runtime.execute({ kind: 'fs.readFile', path: file.path, maxBytes: maxPageBytes });
  if (!read.ok) return { problem: read.error.code === 'binary' ? 'a binary file' : read.error.code === 'not-found' ? 'it disappeared while the docs were read' : read.error.message };
  const { content } = read.value;
  if (read.value.encoding === 'utf8-lossy') {
    let replaced = 0;
    for (const character of content) if (character === '\uFFFD') replaced += 1;
    if (replaced > content.length * MAX_REPLACEMENT_SHARE) return { problem: 'not UTF-8 text (a binary file?)' };
  }
  return { text: readPageText(file.relativePath, file.target, content), truncated: read.value.truncated };
}

/**
 * Reads and tokenises every page and builds the index. Pages that cannot be
 * read are left out; each problem (unreadable, binary, truncated, broken
 * frontmatter) becomes one warning line naming the file.
 */
export async function buildDocsIndexFromFiles(
  runtime: Runtime,
  files: readonly TargetedFile[],
  maxPageBytes: number,
  onProgress?: (done: number, total: number) => void,
): Promise<{ index: DocsIndexData; warnings: string[]; loaded: Map<number, LoadedPage> }> {
  const warnings: string[] = [];
  let done = 0;
  onProgress?.(0, files.length);
  const loadedPages = await mapWithConcurrency(files, DOCS_IO_CONCURRENCY, async (file) => {
    const page = await loadPage(runtime, file, maxPageBytes);
    done += 1;
    // The total is reported once the index is built, below.
    if (done < files.length) onProgress?.(done, files.length);
    return page;
  });
  const records: PageRecord[] = [];
  const loaded = new Map<number, LoadedPage>();
  loadedPages.forEach((page, fileIndex) => {
    const file = files[fileIndex]!;
    if ('problem' in page) {
      warnings.push(`${file.path}: skipped (${page.problem})`);
      return;
    }
    if (page.truncated) warnings.push(`${file.path}: larger than ${maxPageBytes} bytes; only the first ${maxPageBytes} bytes are indexed and shown`);
    if (page.text.problem !== undefined) warnings.push(`${file.path}: ${page.text.problem}; its file name is used as its title`);
    loaded.set(records.length, page);
    records.push(buildPageRecord({ target: file.target, path: file.path, relativePath: file.relativePath, text: page.text, truncated: page.truncated }));
  });
  const index = buildDocsIndex(records);
  onProgress?.(files.length, files.length);
  return { index, warnings, loaded };
}
