import { oneLine } from './collect-symptoms.js';
import type { SourceReader } from './create-source-reader.js';
import type { EvidenceBoard } from './evidence-board.js';
import { findDefinitions } from './find-definitions.js';
import { ROLE_WEIGHT, type IdentifierRole, type IdentifierSignals } from './identifier-signals.js';
import { parseImports, type ImportStatement } from './parse-imports.js';
import { TEST_FILE } from './rank-candidates.js';
import { readErrorLine } from './read-error-line.js';
import { readErrorSite, type SiteName } from './read-error-site.js';
import type { ImportResolver } from './resolve-import.js';
import type { Failure } from './resolve-failures.js';

/** Direct files read for analysis (their imports, their error lines). */
export const MAX_DIRECT_READS = 8;
/** Re-export hops followed through barrel files (`index.ts` re-exporting `./auth-client`). */
const MAX_REEXPORT_DEPTH = 3;
/** Identifiers traced per file: the rest of a long error line adds noise, not signal. */
const MAX_NAMES_PER_FAILURE = 12;

/** An import that leads to a definition counts half the name's role weight, at most this. */
const MAX_IMPORTED_DEFINITION_WEIGHT = 3;
const IMPORTED_BUT_MISSING_WEIGHT = 4;
const MODULE_NAMED_WEIGHT = 6;
const TEST_SUBJECT_WEIGHT = 3;
const TEST_IMPORT_WEIGHT = 1.5;
/** A module a failing test reaches through one of its imports: half an import. */
const TEST_DEPENDENCY_WEIGHT = 0.75;
/** Modules a failing test imports whose own imports are followed, over all failing tests. */
const MAX_SECOND_HOP_READS = 24;
/** A module every failing test file reaches, and that imports none of the others they share. */
const COMMON_DEPENDENCY_WEIGHT = 3;
const BARREL_SOURCE_WEIGHT = 5;
/** A barrel file only passes names on: what a message says about it is mostly about the modules behind it. */
const BARREL_FACTOR = 0.5;

/** Where traced names were found defined: name → files. */
export type DefinitionSites = Map<string, Set<string>>;

/**
 * Follows each failure from where it shows to what it is about: reads the
 * direct files, reads the identifier at each error's column (and the type of
 * its receiver: `this.auth.getToken` → `AuthClient`), resolves the names a
 * failing file imports to the files defining them (through barrels), the
 * modules messages name, and the modules a failing test imports (its
 * subject first). Adds `imported-binding`, `module-named` and `test-subject`
 * evidence; returns where each name was found defined, for `defines`
 * evidence once every sighting of every name is counted.
 */
export async function traceFailures(options: {
  failures: readonly Failure[];
  directFiles: readonly string[];
  reader: SourceReader;
  resolver: ImportResolver;
  board: EvidenceBoard;
  identifiers: IdentifierSignals;
}): Promise<DefinitionSites> {
  const { reader, resolver, board, identifiers } = options;
  const sites: DefinitionSites = new Map();
  const importsByFile = new Map<string, ImportStatement[]>();
  const readable = new Set(options.directFiles.filter(isSourceFile).slice(0, MAX_DIRECT_READS));
  await Promise.all([...readable].map((path) => reader.read(path)));
  const importsOf = (path: string, content: string) => {
    let statements = importsByFile.get(path);
    if (statements === undefined) {
      statements = parseImports(content, path.endsWith('.py') ? 'python' : 'script');
      importsByFile.set(path, statements);
    }
    return statements;
  };
  const addSite = (name: string, path: string) => {
    let files = sites.get(name);
    if (files === undefined) sites.set(name, (files = new Set()));
    files.add(path);
  };

  for (const failure of options.failures) {
    const anchor = failure.anchor;
    const file = anchor && readable.has(anchor.path) ? reader.cached(anchor.path) : null;
    const summary = oneLine(failure.message);
    if (anchor === null || file === null) continue;
    const imports = importsOf(file.path, file.content);
    const names: SiteName[] = failure.analysis.identifiers.map((identifier) => ({ name: identifier.name, role: identifier.role }));
    const chain = anchor.line === undefined ? [] : readErrorLine(file.content.split('\n', anchor.line)[anchor.line - 1] ?? '', anchor.column).chain;
    if (anchor.line !== undefined) {
      const namesType = failure.analysis.identifiers.some((identifier) => identifier.role === 'type');
      for (const site of readErrorSite(file.content, anchor.line, anchor.column, { ...failure, namesType })) {
        if (names.some((known) => known.name === site.name && ROLE_WEIGHT[known.role] >= ROLE_WEIGHT[site.role])) continue;
        names.push(site);
        identifiers.add(site.name, site.role, summary);
      }
      const lineText = file.content.split('\n', anchor.line)[anchor.line - 1] ?? '';
      // On an import statement every imported name is on the line; only the message says which one matters.
      const isImportLine = /^\s*(?:import|export)\b/.test(lineText);
      const importedLocals = new Set(imports.flatMap((statement) => statement.bindings.map((binding) => binding.local)));
      for (const name of readErrorLine(lineText, undefined).identifiers) {
        if (isImportLine || !importedLocals.has(name) || names.some((known) => known.name === name)) continue;
        names.push({ name, role: 'error-line' });
        identifiers.add(name, 'error-line', summary);
      }
    }
    for (const { name, role } of names.slice(0, MAX_NAMES_PER_FAILURE)) {
      if (role === 'member' || role === 'suggestion') continue;
      const statement = findImport(imports, name, chain);
      if (statement === null) {
        if (findDefinitions(file.content, name).some((definition) => definition.kind === 'declaration' && definition.isTopLevel)) addSite(name, file.path);
        else await traceThroughNamespaces(file.path, imports, name, role, summary);
        continue;
      }
      const module = await resolver.resolve(statement.specifier, file.path);
      if (module === null) continue;
      const imported = statement.bindings.find((binding) => binding.local === name)?.imported ?? name;
      const definition = await followDefinition(module, imported === '*' ? name : imported, 0);
      const key = `${file.path}:${name}`;
      if (definition !== null) {
        addSite(name, definition);
        board.add(definition, key, { kind: 'imported-binding', weight: importWeight(role), detail: `${name} is imported by ${file.path}, where ${quoteSummary(summary)} is reported` });
      } else {
        const isBarrel = await suspectBarrelSources(module, name, key);
        const weight = isBarrel ? IMPORTED_BUT_MISSING_WEIGHT * BARREL_FACTOR : IMPORTED_BUT_MISSING_WEIGHT;
        board.add(module, key, { kind: 'imported-binding', weight, detail: `${file.path} imports ${name} from here, but no definition of it was found here` });
      }
    }
    for (const specifier of failure.analysis.modules) {
      const module = await resolver.resolve(specifier, file.path);
      if (module === null || module === file.path) continue;
      const content = (await reader.read(module))?.content ?? '';
      const weight = isPureBarrel(content) ? MODULE_NAMED_WEIGHT * BARREL_FACTOR : MODULE_NAMED_WEIGHT;
      board.add(module, specifier, { kind: 'module-named', weight, detail: `the module "${specifier}" named in ${quoteSummary(summary)}` });
    }
  }
  await addTestSubjects(options.failures, reader, resolver, board, importsOf);
  return sites;

  /** `import * as auth from './auth/index.js'` and a message about `SessionManager`: look in each namespace. */
  async function traceThroughNamespaces(path: string, imports: readonly ImportStatement[], name: string, role: IdentifierRole, summary: string): Promise<void> {
    for (const statement of imports) {
      if (statement.isReexport || !statement.bindings.some((binding) => binding.imported === '*' && binding.local !== '*')) continue;
      const module = await resolver.resolve(statement.specifier, path);
      const definition = module === null ? null : await followDefinition(module, name, 0);
      if (definition === null) continue;
      addSite(name, definition);
      board.add(definition, `${path}:${name}`, { kind: 'imported-binding', weight: importWeight(role), detail: `${name} is imported by ${path}, where ${quoteSummary(summary)} is reported` });
      return;
    }
  }

  /**
   * A name missing from a barrel (`export * from './ids.js'`) most likely
   * went missing from the re-exported module named like it
   * (`generateId` → `ids.ts`): weak evidence for those modules.
   */
  async function suspectBarrelSources(barrel: string, name: string, key: string): Promise<boolean> {
    const source = await reader.read(barrel);
    if (source === null || !isPureBarrel(source.content)) return false;
    const nameTokens = new Set(wordsOf(name));
    for (const statement of importsOf(source.path, source.content)) {
      if (!statement.isReexport || !statement.bindings.some((binding) => binding.local === '*')) continue;
      const stem = statement.specifier.split('/').pop()!.replace(/\.[^.]+$/, '');
      if (!wordsOf(stem).some((word) => nameTokens.has(word))) continue;
      const target = await resolver.resolve(statement.specifier, source.path);
      if (target !== null) board.add(target, key, { kind: 'imported-binding', weight: BARREL_SOURCE_WEIGHT, detail: `re-exported by ${barrel}, which no longer provides ${name}, and named like it` });
    }
    return true;
  }

  async function followDefinition(module: string, name: string, depth: number): Promise<string | null> {
    const source = await reader.read(module);
    if (source === null) return null;
    const definitions = name === 'default' ? (/^\s*export\s+default\b/m.test(source.content) ? [{ kind: 'declaration' }] : []) : findDefinitions(source.content, name);
    if (definitions.some((definition) => definition.kind !== 'export')) return source.path;
    if (depth >= MAX_REEXPORT_DEPTH) return definitions.length > 0 ? source.path : null;
    for (const statement of importsOf(source.path, source.content)) {
      if (!statement.isReexport) continue;
      const binding = statement.bindings.find((candidate) => candidate.local === name || candidate.local === '*');
      if (binding === undefined) continue;
      const next = await resolver.resolve(statement.specifier, source.path);
      if (next === null) continue;
      const found = await followDefinition(next, binding.local === '*' ? name : binding.imported, depth + 1);
      if (found !== null) return found;
    }
    return definitions.length > 0 ? source.path : null;
  }
}

function importWeight(role: IdentifierRole): number {
  return Math.min(MAX_IMPORTED_DEFINITION_WEIGHT, ROLE_WEIGHT[role] / 2);
}

/** The import that brings `name` into a file: by its local name, or `ns.name` through a namespace import. */
function findImport(imports: readonly ImportStatement[], name: string, chain: readonly string[]): ImportStatement | null {
  const direct = imports.find((statement) => !statement.isReexport && statement.bindings.some((binding) => binding.local === name));
  if (direct !== undefined) return direct;
  const index = chain.indexOf(name);
  const owner = index > 0 ? chain[index - 1] : undefined;
  if (owner === undefined) return null;
  return imports.find((statement) => !statement.isReexport && statement.bindings.some((binding) => binding.local === owner && binding.imported === '*')) ?? null;
}

/**
 * A failing test's modules: those it imports (the one named like the test,
 * its subject, first) and, one hop further, what those import, weaker: a
 * test often fails through a module it never names. A barrel's targets
 * count as imported by the test itself. With two or more failing test
 * files, a module every one of them reaches is likely the common cause:
 * it gets `common-dependency` evidence, the more so the deeper it lies (the
 * fewer of the reached modules it imports itself, the likelier it is the
 * origin rather than a carrier).
 */
async function addTestSubjects(
  failures: readonly Failure[],
  reader: SourceReader,
  resolver: ImportResolver,
  board: EvidenceBoard,
  importsOf: (path: string, content: string) => ImportStatement[],
): Promise<void> {
  const tests = new Set(failures.flatMap((failure) => failure.locations.filter((location) => location.role === 'test' || TEST_FILE.test(location.path)).map((location) => location.path)));
  const failingTests = [...tests].filter(isSourceFile).slice(0, MAX_DIRECT_READS);
  /** Module → the failing tests that reach it. */
  const reachedBy = new Map<string, Set<string>>();
  /** Module → the workspace modules it imports (as resolved on the way), and whether it only re-exports them. */
  const importsByModule = new Map<string, { modules: string[]; isBarrel: boolean }>();
  const reach = (module: string, test: string) => {
    const reaching = reachedBy.get(module);
    if (reaching === undefined) reachedBy.set(module, new Set([test]));
    else reaching.add(test);
  };
  let secondHopReads = 0;
  // Each module is read and resolved once, however many failing tests reach it.
  const localImports = async (path: string): Promise<{ modules: string[]; isBarrel: boolean } | null> => {
    const known = importsByModule.get(path);
    if (known !== undefined) return known;
    const source = await reader.read(path);
    if (source === null) return null;
    const modules: string[] = [];
    for (const statement of importsOf(source.path, source.content)) {
      if (!statement.specifier.startsWith('.')) continue;
      const module = await resolver.resolve(statement.specifier, source.path);
      if (module !== null && !TEST_FILE.test(module) && !modules.includes(module)) modules.push(module);
    }
    const found = { modules, isBarrel: isPureBarrel(source.content) };
    importsByModule.set(path, found);
    return found;
  };
  for (const test of failingTests) {
    const firstHop = await localImports(test);
    if (firstHop === null) continue;
    const stem = stemOf(test);
    const direct: string[] = [];
    for (const module of firstHop.modules) {
      // `import { a } from './index.js'` where index only re-exports: its targets are what the test imports.
      const imported = await localImports(module);
      const targets = imported?.isBarrel === true ? imported.modules : [module];
      for (const target of targets) if (!direct.includes(target)) direct.push(target);
    }
    for (const module of direct) {
      const isSubject = stemOf(module) === stem;
      reach(module, test);
      board.add(module, test, { kind: 'test-subject', weight: isSubject ? TEST_SUBJECT_WEIGHT : TEST_IMPORT_WEIGHT, detail: isSubject ? `the module under test of the failing ${test}` : `imported by the failing ${test}` });
    }
    for (const module of direct) {
      if (secondHopReads >= MAX_SECOND_HOP_READS) break;
      secondHopReads += 1;
      for (const dependency of (await localImports(module))?.modules ?? []) {
        if (direct.includes(dependency) || dependency === test) continue;
        reach(dependency, test);
        board.add(dependency, `${test}>${module}`, { kind: 'test-subject', weight: TEST_DEPENDENCY_WEIGHT, detail: `imported by ${module}, which the failing ${test} imports` });
      }
    }
  }
  if (failingTests.length < 2) return;
  const common = [...reachedBy].filter(([, reaching]) => reaching.size === failingTests.length).map(([module]) => module);
  for (const module of common) {
    // How many of the other common modules this one imports: none means it is where the shared path ends.
    const carried = (importsByModule.get(module)?.modules ?? []).filter((dependency) => common.includes(dependency)).length;
    board.add(module, 'common-dependency', {
      kind: 'common-dependency',
      weight: carried === 0 ? COMMON_DEPENDENCY_WEIGHT : COMMON_DEPENDENCY_WEIGHT / 2,
      detail: `reached by all ${failingTests.length} failing test files${carried === 0 ? ', and imports none of the other modules they share' : ''}`,
    });
  }
}

/** A file of re-exports only (`export * from './a.js'`, `export { b } from './b.js'`): an index that defines nothing. */
function isPureBarrel(content: string): boolean {
  const statements = content
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .split(/;|\n(?=\s*(?:export|import)\b)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
  return statements.length > 0 && statements.every((statement) => /^export\s+(?:type\s+)?(?:\*|\{[^}]*\})(?:\s+as\s+[\w$]+)?\s+from\s+['"][^'"]+['"]$/.test(statement));
}

/** `generateId` → `generate`, `id`; `user-ids` → `user`, `id`: lower-case words, plurals folded. */
function wordsOf(name: string): string[] {
  return name
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/)
    .map((word) => word.toLowerCase().replace(/(?<=..)s$/, ''))
    .filter((word) => word.length >= 2);
}

function stemOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.replace(/\.(?:test|spec|e2e)(?=\.)/, '').replace(/^test_/, '').replace(/_test(?=\.)/, '').replace(/\.[^.]+$/, '').replace(/\.d$/, '');
}

function isSourceFile(path: string): boolean {
  return /\.(?:[cm]?[jt]sx?|vue|svelte|py)$/.test(path);
}

function quoteSummary(summary: string): string {
  return summary.length === 0 ? 'the failure' : `"${summary}"`;
}
