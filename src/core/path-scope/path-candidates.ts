import path from 'node:path';

/** A word with more brace expansions than this is unknown (`{a,b}{c,d}...` grows exponentially). */
export const MAX_BRACE_EXPANSIONS = 64;

/** Paths no command can leak anything through. */
const HARMLESS_PATHS: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdin', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/zero', '/dev/random', '/dev/urandom', '/dev/full']);
const HARMLESS_PATTERN = /^\/(dev\/fd|proc\/self\/fd)\/\d+$/;

/** What relative paths and `~` forms mean at the point a word is used. */
export interface CandidateContext {
  cwds: readonly string[];
  previousCwds: readonly string[] | null;
  /** Values `$HOME` may have (the user's home unless the script changed it). */
  homes: readonly string[];
}

/**
 * The paths a path text may name, or why that cannot be known. An unknown
 * result may still name `paths` it surely touches (`~user/x`: that user's
 * home, as usually laid out), to be listed beside the reason.
 */
export type CandidateResult = { paths: string[] } | { unknown: string; paths?: string[] };

const URL_PATTERN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const ASSIGNMENT_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/**
 * The parts of one command argument that may be paths. Options carry their
 * value after `=` (`--out=/x`) or glued (`-C/x`, `-xzf/tmp/a.tar`);
 * `KEY=value` carries a value that may be a `:`-separated list; `@file` (curl)
 * names a file; URLs are not paths except `file://`. A bare option is no path.
 */
export function pathTextsOfArgument(value: string): string[] {
  if (value === '' || value === '-' || value === '--') return [];
  // After `--` an option-looking word is a file name: `cat -- -x/../../y` reads `-x/../../y`.
  const literal = value.startsWith('-') && value.includes('/') ? [value] : [];
  if (value.startsWith('--')) {
    const equals = value.indexOf('=');
    return equals === -1 ? literal : [...literal, ...pathTextsOfValue(value.slice(equals + 1))];
  }
  if (value.startsWith('-') && value.length > 1) {
    if (/^-\d+(\.\d+)?$/.test(value)) return [];
    const texts = new Set<string>(literal);
    const equals = value.indexOf('=');
    if (equals !== -1) for (const text of pathTextsOfValue(value.slice(equals + 1))) texts.add(text);
    const glued = value.slice(2);
    if (glued.length > 0 && (glued.includes('/') || glued.startsWith('~') || glued.startsWith('.'))) texts.add(glued);
    // `-xzf/tmp/a.tar`: the path starts wherever a path can start.
    for (const marker of ['/', '~', '../']) {
      const at = value.indexOf(marker, 1);
      if (at !== -1) texts.add(value.slice(at));
    }
    return [...texts];
  }
  if (ASSIGNMENT_PATTERN.test(value)) {
    const assigned = value.slice(value.indexOf('=') + 1);
    // `a=b/../../x` may also be a file name with `=` in it.
    const whole = assigned.includes('/') ? [value] : [];
    return [...new Set([...whole, ...pathTextsOfValue(assigned), ...assigned.split(':').flatMap(pathTextsOfValue)])];
  }
  return pathTextsOfValue(value);
}

/** One value in a path position: a URL is not a path (but `file://` is), `@file` names a file. */
export function pathTextsOfValue(value: string): string[] {
  if (value === '') return [];
  if (URL_PATTERN.test(value)) {
    const file = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(value);
    return file ? [file[1]!] : [];
  }
  if (value.startsWith('@') && value.length > 1) return [value, value.slice(1)];
  return [value];
}

/**
 * The absolute paths (`..` not collapsed) one path text may name: braces
 * expanded, `~` forms resolved, a glob cut to the directory it searches,
 * relative paths joined to every possible working directory.
 */
export function expandPathText(text: string, context: CandidateContext): CandidateResult {
  const beforeNul = text.split('\0', 1)[0]!;
  const expanded = expandBraces(beforeNul);
  if (expanded === null) return { unknown: `${text} expands to more than ${MAX_BRACE_EXPANSIONS} words` };
  const paths = new Set<string>();
  for (const item of expanded) {
    const withHome = expandTilde(item, context);
    if ('unknown' in withHome) return { unknown: withHome.unknown, paths: (withHome.paths ?? []).map(globBase) };
    for (const expandedItem of withHome.paths) {
      const searched = globBase(expandedItem);
      const absolutes = searched.startsWith('/') ? [searched] : context.cwds.map((cwd) => joinPath(cwd, searched));
      for (const absolute of absolutes) if (!isHarmless(absolute)) paths.add(absolute);
    }
    if (paths.size > MAX_BRACE_EXPANSIONS * 4) return { unknown: `${text} may name too many paths` };
  }
  return { paths: [...paths] };
}

function expandTilde(text: string, context: CandidateContext): CandidateResult {
  if (!text.startsWith('~')) return { paths: [text] };
  const slash = text.indexOf('/');
  const prefix = slash === -1 ? text : text.slice(0, slash);
  const rest = slash === -1 ? '' : text.slice(slash);
  const bases = prefix === '~' ? context.homes : prefix === '~+' ? context.cwds : prefix === '~-' ? context.previousCwds : undefined;
  // Another user's home is outside whatever it is: name it as usually laid out, and still say it is not known.
  if (bases === undefined) return { unknown: `${prefix} is another user's home directory`, paths: otherHomes(prefix.slice(1), context).map((home) => `${home}${rest}`) };
  if (bases === null) return { unknown: `${prefix} is the previous directory, which is not known` };
  return { paths: bases.map((base) => `${base}${rest}`) };
}

/** Where `~user` usually is: `/root` for root, else beside the user's own home. */
function otherHomes(user: string, context: CandidateContext): string[] {
  if (!/^[A-Za-z_][A-Za-z0-9._-]*$/.test(user)) return [];
  if (user === 'root') return ['/root'];
  return context.homes.filter((home) => home.startsWith('/')).map((home) => `${path.posix.dirname(home)}/${user}`);
}

/**
 * A glob can only match below its last literal directory: that directory is
 * what it touches. A glob segment starting with `.` (`.*`) also matches `..`
 * in most shells, so each such segment may climb one level.
 */
function globBase(text: string): string {
  const glob = text.search(/[*?[]/);
  if (glob === -1) return text;
  const slash = text.lastIndexOf('/', glob);
  const base = slash === -1 ? '' : text.slice(0, slash + 1);
  const climbs = text
    .slice(base.length)
    .split('/')
    .filter((segment) => segment.startsWith('.') && /[*?[]/.test(segment)).length;
  return base + '../'.repeat(climbs);
}

function joinPath(base: string, relative: string): string {
  if (relative === '' || relative === '.') return base;
  return base.endsWith('/') ? `${base}${relative}` : `${base}/${relative}`;
}

/** Whether a path is one of the devices nothing can leak through (`/dev/null`, `/dev/fd/1`, ...). */
export function isHarmless(absolute: string): boolean {
  // `/dev/fd/3/../x` climbs from whatever descriptor 3 is: not the device itself.
  if (absolute.split('/').includes('..')) return false;
  const normalized = path.posix.normalize(absolute);
  return HARMLESS_PATHS.has(normalized) || HARMLESS_PATTERN.test(normalized);
}

/**
 * Bash brace expansion (`a{b,c}d`, `{1..3}`), or null past
 * MAX_BRACE_EXPANSIONS. A range stands for its first element: elements of a
 * range are letters or numbers, so any of them names the same directories.
 */
export function expandBraces(text: string): string[] | null {
  const results: string[] = [];
  const pending = [text];
  let steps = 0;
  while (pending.length > 0) {
    const current = pending.pop()!;
    steps += 1;
    if (steps > MAX_BRACE_EXPANSIONS * 4) return null;
    const group = firstBraceGroup(current);
    if (group === null) {
      results.push(current);
      if (results.length > MAX_BRACE_EXPANSIONS) return null;
      continue;
    }
    const prefix = current.slice(0, group.start);
    const suffix = current.slice(group.end + 1);
    for (const item of group.items.reverse()) pending.push(prefix + item + suffix);
  }
  return results;
}

/** The first `{...}` that bash would expand, found in one pass (matching braces on a stack). */
function firstBraceGroup(text: string): { start: number; end: number; items: string[] } | null {
  const open: { start: number; commas: number[] }[] = [];
  let best: { start: number; end: number; items: string[] } | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '{') open.push({ start: index, commas: [] });
    else if (character === ',' && open.length > 0) open[open.length - 1]!.commas.push(index);
    else if (character === '}' && open.length > 0) {
      const group = open.pop()!;
      const body = text.slice(group.start + 1, index);
      let items: string[] | null = null;
      if (group.commas.length > 0) {
        const cuts = [group.start, ...group.commas, index];
        items = cuts.slice(0, -1).map((cut, position) => text.slice(cut + 1, cuts[position + 1]));
      } else {
        const range = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(\.\.-?\d+)?$/.exec(body);
        if (range) items = [range[1]!];
      }
      // Only the outermost expandable group starting first is expanded now; inner groups come next round.
      if (items !== null && (best === null || group.start < best.start)) best = { start: group.start, end: index, items };
    }
  }
  return best;
}
