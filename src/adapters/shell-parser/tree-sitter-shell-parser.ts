import { createRequire } from 'node:module';
import type { Language, Parser, Tree } from 'web-tree-sitter';
import {
  BrassError,
  MAX_SHELL_SCRIPT_CHARS,
  MAX_SHELL_SYNTAX_DEPTH,
  type ShellParseResult,
  type ShellParser,
  type ShellSyntaxNode,
} from '../../core/index.js';

/**
 * A parse taking longer than this is abandoned (the extractor then answers
 * "unknown"). Valid command lines parse in well under a millisecond; only
 * tree-sitter's error recovery on garbage is slow (superlinear), and a parse
 * is cancelled as soon as it meets an error anyway.
 */
export const SHELL_PARSE_BUDGET_MS = 250;

const require = createRequire(import.meta.url);
/** The grammar and the runtime's Parser class, loaded together on the first loadShellParser call. */
let bashLanguage: Promise<{ language: Language; Parser: typeof Parser }> | null = null;
/** Set when the WebAssembly module aborted (out of memory): it cannot be used again in this process. */
let brokenReason: string | null = null;

/**
 * Loads the WebAssembly runtime and the Bash grammar once per process. The
 * runtime's module too is imported here, not at start-up: a command that
 * parses no shell command line never loads it.
 */
function loadBashLanguage(): Promise<{ language: Language; Parser: typeof Parser }> {
  bashLanguage ??= (async () => {
    // node:v8 too is loaded here: a command that parses nothing should not pay for it.
    const [treeSitter, v8] = await Promise.all([import('web-tree-sitter'), import('node:v8')]);
    // V8 otherwise compiles the 1.3 MB grammar a second time with its optimizing
    // compiler in the background: seconds of CPU, and a CLI process that waits
    // for it before exiting. The baseline code parses a command in well under 1 ms.
    v8.default.setFlagsFromString('--liftoff-only');
    await treeSitter.Parser.init();
    return { language: await treeSitter.Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm')), Parser: treeSitter.Parser };
  })().catch((error: unknown) => {
    // Let a later call try again rather than remember the failure forever.
    bashLanguage = null;
    throw new BrassError('unavailable', `the Bash grammar (tree-sitter-bash) could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  return bashLanguage;
}

/**
 * A ShellParser backed by web-tree-sitter and the tree-sitter-bash grammar.
 * Parsing is synchronous once loaded (about 0.2 ms for a typical command).
 * A tree with a syntax error, deeper than MAX_SHELL_SYNTAX_DEPTH, or not done
 * within SHELL_PARSE_BUDGET_MS is `{ ok: false }`. Throws BrassError
 * (`unavailable`) when the grammar cannot be loaded.
 */
export async function loadShellParser(): Promise<ShellParser> {
  const { language, Parser } = await loadBashLanguage();
  const parser = new Parser();
  parser.setLanguage(language);
  return { parse: (script) => parseScript(parser, script) };
}

function parseScript(parser: Parser, script: string): ShellParseResult {
  if (script.length > MAX_SHELL_SCRIPT_CHARS) return { ok: false, reason: `the script is longer than ${MAX_SHELL_SCRIPT_CHARS} characters` };
  if (brokenReason !== null) return { ok: false, reason: brokenReason };
  const started = performance.now();
  let hasError = false;
  let tree: Tree | null;
  try {
    // Stop at the first syntax error: the answer is "unknown" anyway, and recovery is what can take long.
    tree = parser.parse(script, null, { progressCallback: (state) => (hasError = state.hasError) || performance.now() - started > SHELL_PARSE_BUDGET_MS });
  } catch (error) {
    brokenReason = `the shell parser failed and cannot be used again (${error instanceof Error ? error.message : String(error)})`;
    return { ok: false, reason: brokenReason };
  }
  if (tree === null) {
    parser.reset();
    return { ok: false, reason: hasError ? 'the script has a syntax error' : `parsing the script took longer than ${SHELL_PARSE_BUDGET_MS} ms` };
  }
  try {
    if (tree.rootNode.hasError) return { ok: false, reason: `the script has a syntax error near ${JSON.stringify(firstErrorText(tree, script))}` };
    return copyTree(tree, script);
  } finally {
    tree.delete();
  }
}

/** Copies the tree into plain objects (iteratively: a hostile script may nest deeply). */
function copyTree(tree: Tree, script: string): ShellParseResult {
  const cursor = tree.walk();
  try {
    const top: ShellSyntaxNode[] = [];
    const parents: ShellSyntaxNode[][] = [top];
    for (;;) {
      const node: ShellSyntaxNode = {
        type: cursor.nodeType,
        text: script.slice(cursor.startIndex, cursor.endIndex),
        startIndex: cursor.startIndex,
        isNamed: cursor.nodeIsNamed,
        field: cursor.currentFieldName,
        children: [],
      };
      parents[parents.length - 1]!.push(node);
      if (cursor.gotoFirstChild()) {
        if (parents.length > MAX_SHELL_SYNTAX_DEPTH) return { ok: false, reason: `the script nests deeper than ${MAX_SHELL_SYNTAX_DEPTH} levels` };
        parents.push(node.children as ShellSyntaxNode[]);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return { ok: true, root: top[0]! };
        parents.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

function firstErrorText(tree: Tree, script: string): string {
  const pending = [tree.rootNode];
  while (pending.length > 0) {
    const node = pending.shift()!;
    if (node.isError || node.isMissing) return script.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 40)) || node.type;
    for (const child of node.children) if (child !== null && child.hasError) pending.push(child);
  }
  return script.slice(0, 40);
}
