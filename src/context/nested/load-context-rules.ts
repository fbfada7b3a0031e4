import path from 'node:path';
import picomatch from 'picomatch';
import type { Runtime } from '../../core/index.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { parseFrontmatter } from '../../core/context-text/parse-frontmatter.js';
import type { ContextRule } from './context-file-entry.js';
import { sanitizeLabel } from './extract-label.js';

/** Where path-scoped rules live, relative to the workspace root. */
export const RULES_DIRECTORY = '.brass-agent/rules';

/** Most rule files read; more are skipped with a warning. */
export const MAX_RULE_FILES = 50;

/**
 * Reads `.brass-agent/rules/*.md` through the runtime. Frontmatter:
 * `paths` (a glob or a list of globs, workspace-relative) makes a rule
 * injected like a nested context file when a touched path matches;
 * `description` alone lists it in the manifest to read on request;
 * `alwaysApply: true` puts its body in the system prompt. A rule with none
 * of these, invalid frontmatter, or a file that is not a regular file inside
 * the workspace is skipped with a warning. Sorted by path.
 */
export async function loadContextRules(options: { runtime: Runtime; maxFileBytes: number; signal?: AbortSignal }): Promise<{ rules: ContextRule[]; warnings: string[] }> {
  const { runtime } = options;
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const warnings: string[] = [];
  const listing = await runtime.execute({ kind: 'fs.list', path: RULES_DIRECTORY, maxEntries: MAX_RULE_FILES * 4 }, signal);
  if (!listing.ok) {
    if (listing.error.code !== 'not-found') warnings.push(`${RULES_DIRECTORY}: not read: ${describeReadFailure(listing.error)}`);
    return { rules: [], warnings };
  }
  const files = listing.value.entries.filter((entry) => entry.path.endsWith('.md') && !entry.path.slice(RULES_DIRECTORY.length + 1).includes('/'));
  if (files.length > MAX_RULE_FILES) warnings.push(`${RULES_DIRECTORY}: only the first ${MAX_RULE_FILES} of ${files.length} rule files are used`);

  const rules: ContextRule[] = [];
  for (const entry of files.slice(0, MAX_RULE_FILES)) {
    if (entry.kind !== 'file' && entry.kind !== 'symlink') {
      warnings.push(`${entry.path}: skipped: it is not a regular file (${entry.kind})`);
      continue;
    }
    const observation = await runtime.execute({ kind: 'fs.readFile', path: entry.path, maxBytes: options.maxFileBytes }, signal);
    if (!observation.ok) {
      warnings.push(`${entry.path}: skipped: ${describeReadFailure(observation.error)}`);
      continue;
    }
    if (path.isAbsolute(observation.value.path)) {
      warnings.push(`${entry.path}: skipped: it resolves outside the workspace`);
      continue;
    }
    const rule = toRule(entry.path, observation.value, warnings);
    if (rule !== null) rules.push(rule);
  }
  return { rules, warnings };
}

function toRule(rulePath: string, file: { path: string; content: string; truncated: boolean; totalBytes: number }, warnings: string[]): ContextRule | null {
  const frontmatter = parseFrontmatter(file.content);
  if (frontmatter.error !== undefined) {
    warnings.push(`${rulePath}: skipped: ${frontmatter.error}`);
    return null;
  }
  const { description, alwaysApply, paths } = frontmatter.data;
  const globs = typeof paths === 'string' ? [paths] : Array.isArray(paths) ? paths : paths === undefined ? [] : null;
  if (globs === null || globs.some((glob) => typeof glob !== 'string' || glob.trim().length === 0)) {
    warnings.push(`${rulePath}: skipped: paths must be a glob or a list of globs`);
    return null;
  }
  if (alwaysApply !== undefined && typeof alwaysApply !== 'boolean') {
    warnings.push(`${rulePath}: skipped: alwaysApply must be true or false`);
    return null;
  }
  const label = typeof description === 'string' ? sanitizeLabel(description) : '';
  const normalized = (globs as string[]).map((glob) => path.posix.normalize(glob.trim()).replace(/^\.\//, ''));
  if (alwaysApply !== true && normalized.length === 0 && label.length === 0) {
    warnings.push(`${rulePath}: skipped: a rule needs paths, a description or alwaysApply: true`);
    return null;
  }
  const rule: ContextRule = { path: rulePath, realPath: file.path, label, globs: normalized, dir: commonBase(normalized), alwaysApply: alwaysApply === true };
  if (!rule.alwaysApply) return rule;
  return { ...rule, body: neutralizeReminderTags(frontmatter.body), isBodyTruncated: file.truncated, totalBytes: file.totalBytes };
}

/** The longest directory all globs start with, `.` when they share none. */
function commonBase(globs: readonly string[]): string {
  if (globs.length === 0) return '.';
  const bases = globs.map((glob) => {
    const scan = picomatch.scan(glob);
    return scan.isGlob ? scan.base : path.posix.dirname(glob);
  });
  let common = (bases[0] ?? '').split('/');
  for (const base of bases.slice(1)) {
    const segments = base.split('/');
    let length = 0;
    while (length < common.length && common[length] === segments[length]) length += 1;
    common = common.slice(0, length);
  }
  const joined = common.join('/');
  return joined === '' ? '.' : joined;
}
