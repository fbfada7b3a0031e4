import path from 'node:path';
import { createPrivateTempFile, openWorkspace, type OpenedWorkspace } from '../../adapters/node-workspace/index.js';
import { type AgentMemory, type MemoryEntry, parseMemoryFields, renderMemoryEntry } from '../../agent/memory/index.js';
import { BrassError, InvalidInputError, MEMORY_SCOPES, type MemoryScope } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { openAgentMemory } from '../open-agent-memory.js';
import { terminalSafeName, terminalSafeText } from '../terminal-safe-text.js';

const ACTIONS = ['list', 'show', 'search', 'forget', 'edit'] as const;
type MemoryAction = (typeof ACTIONS)[number];
/** An editor may take as long as the person needs: a day. */
const EDITOR_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `brass-agent memory` (defined in memory-command.ts). JSON shapes
 * (the CLI contract): list `{version, entries: [{id, title, tags, scope,
 * updatedAt}]}`, search `{version, results: [{id, title, snippet}]}` (at
 * most five), show `{version, entry: {id, title, text, tags, scope, source,
 * createdAt, updatedAt}}`; forget `{version, forgotten: {id, scope}}`; edit
 * `{version, changed, entry}`. Entry files that cannot be read are one
 * warning each; the others are still used.
 */
export async function executeMemory(context: CommandContext, action: string, words: readonly string[], raw: Record<string, unknown>): Promise<void> {
  if (!ACTIONS.includes(action as MemoryAction)) throw new InvalidInputError('action', `${JSON.stringify(action)} is not one of ${ACTIONS.join(', ')}`);
  const scope = scopeOf(raw.scope);
  const { options, output, streams, processCwd } = context;
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, options.cwd),
    env: streams.env,
    ...(options.config ? { configPath: path.resolve(processCwd, options.config) } : {}),
  });
  const memory = openAgentMemory(workspace, streams.env, output, { isForced: true })!;
  // Entries are stored redacted; a file edited by hand is redacted again when shown.
  const redact = (text: string) => terminalSafeText(workspace.redactor.redact(text).text);
  const json = (value: Record<string, unknown>) => output.json(workspace.redactor.redactValue(value).value);
  const warnAll = (problems: readonly string[]) => problems.forEach((problem) => output.warn(redact(problem)));

  switch (action as MemoryAction) {
    case 'list': {
      noWords(words, 'list');
      const { entries, problems } = await memory.list(scope);
      warnAll(problems);
      if (options.json) return json({ version: 1, entries: entries.map(({ id, title, tags, scope: where, updatedAt }) => ({ id, title, tags, scope: where, updatedAt })) });
      if (entries.length === 0) return output.info('no memory yet: the agent writes it with its remember tool');
      for (const entry of entries) output.result(`${entry.id}  ${entry.scope.padEnd(9)}  ${redact(entry.title)}${entry.tags.length === 0 ? '' : `  [${redact(entry.tags.join(', '))}]`}`);
      return;
    }
    case 'search': {
      const query = words.join(' ').trim();
      if (query.length === 0) throw new InvalidInputError('QUERY', 'is missing (brass-agent memory search "how to run the tests")');
      const { results, problems } = await memory.search(query, scope === undefined ? {} : { scope });
      warnAll(problems);
      if (options.json) return json({ version: 1, results });
      if (results.length === 0) return output.info(`no memory entry matches ${JSON.stringify(query)}`);
      for (const hit of results) output.result(`${hit.id}  ${redact(hit.title)}\n    ${redact(hit.snippet)}`);
      return;
    }
    case 'show': {
      const entry = await entryOf(memory, idOf(words, 'show'), scope);
      if (options.json) return json({ version: 1, entry: entryJson(entry) });
      output.result(redact(renderMemoryEntry(entry)).trimEnd());
      return;
    }
    case 'forget': {
      const id = idOf(words, 'forget');
      const where = await memory.forget(id, scope);
      if (where === null) throw new InvalidInputError('ID', `there is no memory entry ${id}${scope === undefined ? '' : ` in the ${scope} memory`} (brass-agent memory list shows the ids)`);
      if (options.json) return json({ version: 1, forgotten: { id, scope: where } });
      output.info(`forgot ${id} (${where} memory)`);
      return;
    }
    case 'edit': {
      const entry = await entryOf(memory, idOf(words, 'edit'), scope);
      const { changed, stored, evicted } = await editEntry(workspace, memory, entry, streams.env);
      if (evicted.length > 0) output.warn(redact(`memory full: removed the oldest ${evicted.length === 1 ? 'entry' : `${evicted.length} entries`}: ${evicted.map((old) => `${old.id} (${old.title})`).join(', ')}`));
      if (options.json) return json({ version: 1, changed, entry: entryJson(stored) });
      output.info(changed ? `stored ${stored.id}: ${redact(stored.title)}` : `${stored.id} is unchanged`);
      return;
    }
  }
}

/**
 * Opens $VISUAL (else $EDITOR; its words split on spaces, as `code -w`)
 * through the Shell service on a private temp copy of the entry, attached
 * to the terminal, then validates what was saved (the front block, the
 * scope unchanged) and stores it through the memory's one write gate.
 */
async function editEntry(workspace: OpenedWorkspace, memory: AgentMemory, entry: MemoryEntry, env: NodeJS.ProcessEnv): Promise<{ changed: boolean; stored: MemoryEntry; evicted: { id: string; title: string }[] }> {
  const editor = (env.VISUAL ?? '').trim() || (env.EDITOR ?? '').trim();
  if (editor.length === 0) throw new BrassError('usage', 'memory edit needs an editor: set VISUAL or EDITOR (e.g. EDITOR=nano)');
  const original = renderMemoryEntry(entry);
  await using copy = await createPrivateTempFile(`${entry.id}.md`, original);
  const result = await workspace.services.shell.run({
    argv: [...editor.split(/\s+/), copy.path],
    // Not the workspace: an editor may read project files from its working directory (vim's exrc, an .editorconfig).
    cwd: path.dirname(copy.path),
    timeoutMs: EDITOR_TIMEOUT_MS,
    maxOutputBytes: 0,
    // The person's own editor on their own temp copy: the sandbox would hide both.
    origin: 'person',
    isTerminalAttached: true,
  });
  if (result.exitCode !== 0) throw new BrassError('failed', `the editor (${terminalSafeName(editor)}) exited with ${result.exitCode ?? result.signal ?? 'an error'}; ${entry.id} is unchanged`);
  const edited = await copy.read();
  if (edited === original) return { changed: false, stored: entry, evicted: [] };
  const fields = parseMemoryFields(edited, `the edited copy of ${entry.id}`);
  if (fields.scope !== entry.scope) throw new InvalidInputError('scope', `an edit cannot move ${entry.id} from the ${entry.scope} memory to the ${fields.scope} one; nothing was stored`);
  const { entry: stored, evicted } = await memory.update({ ...entry, title: fields.title, text: fields.text, tags: fields.tags, source: fields.source });
  return { changed: true, stored, evicted };
}

function scopeOf(value: unknown): MemoryScope | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && MEMORY_SCOPES.includes(value as MemoryScope)) return value as MemoryScope;
  throw new InvalidInputError('--scope', `${JSON.stringify(value)} is not one of ${MEMORY_SCOPES.join(', ')}`);
}

function idOf(words: readonly string[], action: string): string {
  if (words.length !== 1) throw new InvalidInputError('ID', `memory ${action} takes one entry id (brass-agent memory list shows them)`);
  return words[0]!;
}

function noWords(words: readonly string[], action: string): void {
  if (words.length > 0) throw new InvalidInputError('arguments', `memory ${action} takes no arguments, got ${JSON.stringify(words.join(' ').slice(0, 60))}`);
}

async function entryOf(memory: AgentMemory, id: string, scope: MemoryScope | undefined): Promise<MemoryEntry> {
  const entry = await memory.get(id, scope);
  if (entry === null) throw new InvalidInputError('ID', `there is no memory entry ${id}${scope === undefined ? '' : ` in the ${scope} memory`} (brass-agent memory list shows the ids)`);
  return entry;
}

function entryJson(entry: MemoryEntry): Record<string, unknown> {
  const { id, title, text, tags, scope, source, createdAt, updatedAt } = entry;
  return { id, title, text, tags, scope, source, createdAt, updatedAt };
}
