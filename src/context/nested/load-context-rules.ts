import path from 'node:path';
import picomatch from 'picomatch';
import type { Runtime } from '../../core/index.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { parseFrontmatter } from '../../core/context-text/parse-frontmatter.js';
import type { ContextRule } from './context-file-entry.js';
import { sanitizeLabel } from './extract-label.js';
import { parseCursorRuleFrontmatter } from './parse-cursor-rule-frontmatter.js';

/** Where path-scoped rules live, relative to the workspace root. */
export const RULES_DIRECTORY = '.brass-agent/rules';

/** Where Cursor keeps its project rules (`*.mdc`), relative to the workspace root. */
export const CURSOR_RULES_DIRECTORY = '.cursor/rules';

/** Most rule files read from each rules directory; more are skipped with a warning. */
export const MAX_RULE_FILES = 50;

/** The frontmatter keys a rule is made of, whichever file format they came from. */
interface RuleFields {
  description?: unknown;
  alwaysApply?: unknown;
  /** `paths` of a brass-agent rule, `globs` of a Cursor rule. */
  globs?: unknown;
}

/** A rules directory: which files in it are rules, and how their frontmatter reads. */
interface RuleSource {
  directory: string;
  extension: string;
  globsKey: 'paths' | 'globs';
  parse(text: string): { fields: RuleFields; body: string; error?: string };
  /** Makes a glob workspace-relative in our (picomatch) sense. */
  normalizeGlob(glob: string): string;
}

const BRASS_RULES: RuleSource = {
  directory: RULES_DIRECTORY,
  extension: '.md',
  globsKey: 'paths',
  parse(text) {
    const { data, body, error } = parseFrontmatter(text);
    const fields = { description: data.description, alwaysApply: data.alwaysApply, globs: data.paths };
    return error === undefined ? { fields, body } : { fields, body, error };
  },
  normalizeGlob: (glob) => glob,
};

const CURSOR_RULES: RuleSource = {
  directory: CURSOR_RULES_DIRECTORY,
  extension: '.mdc',
  globsKey: 'globs',
  parse: parseCursorRuleFrontmatter,
  // A glob without a slash is taken to match in every directory, as in .gitignore: Cursor rules write `*.tsx` meaning
  // every .tsx file, which rooted at the workspace would match only top-level ones. A leading `/` is the workspace root.
  normalizeGlob: (glob) => (glob.startsWith('/') ? glob.slice(1) : glob.includes('/') ? glob : `**/${glob}`),
};

/**
 * Reads the path-scoped rules through the runtime: `.brass-agent/rules/*.md`
 * and Cursor's `.cursor/rules/*.mdc`, both mapped onto one ContextRule.
 * Frontmatter: `paths` (`globs` in a Cursor rule; a glob or a list of globs,
 * workspace-relative) makes a rule injected like a nested context file when
 * a touched path matches; `description` alone lists it in the manifest to
 * read on request; `alwaysApply: true` puts its body in the system prompt.
 * A `.md` rule's frontmatter is safe YAML; a `.mdc` rule's is read by
 * parseCursorRuleFrontmatter (Cursor's globs are not valid YAML). A rule
 * with none of these keys, broken frontmatter, or a file that is not a
 * regular file inside the workspace is skipped with a warning. Sorted by
 * path within each directory, brass-agent's rules first.
 */
export async function loadContextRules(options: { runtime: Runtime; maxFileBytes: number; signal?: AbortSignal }): Promise<{ rules: ContextRule[]; warnings: string[] }> {
  const warnings: string[] = [];
  const rules: ContextRule[] = [];
  for (const source of [BRASS_RULES, CURSOR_RULES]) rules.push(...(await loadRulesFrom(source, options, warnings)));
  return { rules, warnings };
}

async function loadRulesFrom(source: RuleSource, options: { runtime: Runtime; maxFileBytes: number; signal?: AbortSignal }, warnings: string[]): Promise<ContextRule[]> {
  const { runtime } = options;
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const listing = await runtime.execute({ kind: 'fs.list', path: source.directory, maxEntries: MAX_RULE_FILES * 4 }, signal);
  if (!listing.ok) {
    if (listing.error.code !== 'not-found') warnings.push(`${source.directory}: not read: ${describeReadFailure(listing.error)}`);
    return [];
  }
  const files = listing.value.entries.filter((entry) => entry.path.endsWith(source.extension) && !entry.path.slice(source.directory.length + 1).includes('/'));
  if (files.length > MAX_RULE_FILES) warnings.push(`${source.directory}: only the first ${MAX_RULE_FILES} of ${files.length} rule files are used`);

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
    const rule = toRule(entry.path, observation.value, source, warnings);
    if (rule !== null) rules.push(rule);
  }
  return rules;
}

function toRule(rulePath: string, file: { path: string; content: string; truncated: boolean; totalBytes: number }, source: RuleSource, warnings: string[]): ContextRule | null {
  const frontmatter = source.parse(file.content);
  if (frontmatter.error !== undefined) {
    warnings.push(`${rulePath}: skipped: ${frontmatter.error}`);
    return null;
  }
  const { description, alwaysApply, globs: written } = frontmatter.fields;
  const globs = typeof written === 'string' ? [written] : Array.isArray(written) ? written : written === undefined ? [] : null;
  if (globs === null || globs.some((glob) => typeof glob !== 'string' || glob.trim().length === 0)) {
    warnings.push(`${rulePath}: skipped: ${source.globsKey} must be a glob or a list of globs`);
    return null;
  }
  if (alwaysApply !== undefined && typeof alwaysApply !== 'boolean') {
    warnings.push(`${rulePath}: skipped: alwaysApply must be true or false`);
    return null;
  }
  const label = typeof description === 'string' ? sanitizeLabel(description) : '';
  const normalized = (globs as string[]).map((glob) => path.posix.normalize(source.normalizeGlob(glob.trim())).replace(/^\.\//, ''));
  if (alwaysApply !== true && normalized.length === 0 && label.length === 0) {
    warnings.push(`${rulePath}: skipped: a rule needs ${source.globsKey}, a description or alwaysApply: true`);
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
