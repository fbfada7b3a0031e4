import picomatch from 'picomatch';
import type { Runtime } from '../../core/index.js';
import type { ShellParser } from '../../core/path-scope/shell-syntax.js';
import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { parseFrontmatter } from '../../core/context-text/parse-frontmatter.js';
import { truncateUtf8, utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import { buildManifest, type Manifest } from './build-manifest.js';
import type { ContextDiscovery, ContextFileEntry, ContextRule } from './context-file-entry.js';
import { renderReminder, type ReminderPart } from './render-reminder.js';
import type { ToolResultEvent } from './tool-result-event.js';
import { touchedPaths } from './touched-paths.js';

/** What one tool result gets appended. */
export interface ContextReminder {
  /** The touched path that brought the first of these files in. */
  trigger: string;
  /** The context files and rules in the reminder, outermost first. */
  paths: string[];
  /** UTF-8 bytes of `text`. */
  bytes: number;
  /** The `<system-reminder>` block, exactly as it is appended to the tool result. */
  text: string;
}

export interface DisclosureSession {
  /** The manifest in the system prompt: fixed for the session. */
  readonly manifest: Manifest;
  /**
   * Call after every tool call. Returns the reminder to append to the tool
   * result, or null when the call touched nothing new. Each file is
   * injected once per session, outermost first, within the session budget.
   * Calls are handled one at a time, in the order they are made.
   */
  onToolResult(event: ToolResultEvent): Promise<ContextReminder | null>;
  /** Bytes of context bodies injected so far. */
  injectedBytes(): number;
}

export interface DisclosureSessionOptions {
  runtime: Runtime;
  discovery: ContextDiscovery;
  /** false (`contextDiscovery.enabled`, or `context.nested` of the agent or step): no nested files; rules still apply. */
  nested: boolean;
  /** Workspace-relative real paths already in the system prompt (scoped context): never listed nor injected. */
  excludeRealPaths: ReadonlySet<string>;
  /** `contextDiscovery.maxFileBytes`. */
  maxFileBytes: number;
  /** `contextDiscovery.maxSessionBytes`. */
  maxSessionBytes: number;
  /** The user's home directory, for `~` in shell commands (see touchedPaths). */
  homeDir?: string | undefined;
  /** Reads `sh -c` scripts inside shell commands (see touchedPaths). */
  shellParser?: ShellParser | null | undefined;
}

type Disclosable = { kind: 'file'; entry: ContextFileEntry } | { kind: 'rule'; entry: ContextRule; isMatch: (path: string) => boolean };

/**
 * Progressive disclosure for one session (a sub-agent gets its own): the
 * manifest goes into the system prompt once; a context file's body comes
 * later, appended to the first successful tool result that touches its
 * directory or a directory below it (or, for a rule, a path its globs
 * match). A body is re-read at that moment through the runtime and refused
 * when the file is gone or is no longer the regular file discovered (now a
 * symlink, a FIFO); the reminder then says so instead of staying silent.
 *
 * @example
 * const session = createDisclosureSession({ runtime, discovery, nested: true, excludeRealPaths: new Set(), maxFileBytes: 32_768, maxSessionBytes: 131_072 });
 * const reminder = await session.onToolResult({ tool: 'read_file', ok: true, paths: ['packages/api/src/x.ts'] });
 * if (reminder) toolResult += `\n\n${reminder.text}`;
 */
export function createDisclosureSession(options: DisclosureSessionOptions): DisclosureSession {
  const { runtime, excludeRealPaths } = options;
  const files = options.nested ? options.discovery.files.filter((file) => !excludeRealPaths.has(file.realPath)) : [];
  const rules = options.discovery.rules.filter((rule) => !rule.alwaysApply && rule.globs.length > 0 && !excludeRealPaths.has(rule.realPath));
  const manifest = buildManifest({ files, rules: options.discovery.rules, excludeRealPaths });
  // Flag `s`: a name may hold a newline, and `*` must match it like any other character.
  const disclosable: Disclosable[] = [
    ...files.map((entry): Disclosable => ({ kind: 'file', entry })),
    ...rules.map((entry): Disclosable => ({ kind: 'rule', entry, isMatch: picomatch(entry.globs, { dot: true, flags: 's' }) })),
  ];
  const isCaseInsensitive = runtime.scope.workspace.isCaseInsensitive;
  const fold = (text: string): string => (isCaseInsensitive ? text.toLowerCase() : text);
  const delivered = new Set<string>();
  let usedBytes = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const applies = (item: Disclosable, touched: string): boolean => {
    if (item.kind === 'rule') return item.isMatch(touched);
    const dir = fold(item.entry.dir);
    const target = fold(touched);
    return target === dir || target.startsWith(`${dir}/`);
  };

  async function disclose(item: Disclosable): Promise<ReminderPart> {
    const { entry } = item;
    const scope = item.kind === 'file' ? `for ${escapePromptPath(item.entry.dir)}/` : `rule for ${item.entry.globs.map(escapePromptPath).join(', ')}`;
    const observation = await runtime.execute({ kind: 'fs.readFile', path: entry.path, maxBytes: options.maxFileBytes });
    if (!observation.ok) return { path: entry.path, scope, body: null, notice: `[Not shown: ${describeReadFailure(observation.error)}; it was listed when the session started.]` };
    if (observation.value.path !== entry.realPath) {
      return { path: entry.path, scope, body: null, notice: '[Not shown: it is no longer the file found when the session started (replaced by a symlink or another file).]' };
    }
    const parsed = parseFrontmatter(observation.value.content);
    const body = neutralizeReminderTags(parsed.error === undefined ? parsed.body : observation.value.content).trim();
    const remaining = Math.max(0, options.maxSessionBytes - usedBytes);
    if (remaining === 0 && body.length > 0) {
      return { path: entry.path, scope, body: null, notice: `[Not shown: this session's budget for nested context (contextDiscovery.maxSessionBytes, ${options.maxSessionBytes} bytes) is used up. Read the file with read_file if you need it.]` };
    }
    const cut = truncateUtf8(body, remaining);
    usedBytes += cut.bytes;
    if (cut.truncated) {
      return { path: entry.path, scope, body: cut.text, notice: `[Cut: the session's budget for nested context (${options.maxSessionBytes} bytes) ran out after ${cut.bytes} of ${utf8ByteLength(body)} bytes. Read the file for the rest.]` };
    }
    if (observation.value.truncated) {
      return { path: entry.path, scope, body: cut.text, notice: `[Cut: the file has ${observation.value.totalBytes} bytes; the first ${options.maxFileBytes} (contextDiscovery.maxFileBytes) were read. Read the file for the rest.]` };
    }
    return { path: entry.path, scope, body: cut.text };
  }

  async function handle(event: ToolResultEvent): Promise<ContextReminder | null> {
    if (!event.ok) return null;
    const context = { workspaceRoot: runtime.scope.root, homeDir: options.homeDir, shellParser: options.shellParser };
    for (const shown of event.contentPaths === undefined ? [] : touchedPaths({ tool: event.tool, ok: true, paths: event.contentPaths }, context)) {
      for (const item of disclosable) if (fold(item.entry.path) === fold(shown) || fold(item.entry.realPath) === fold(shown)) delivered.add(item.entry.realPath);
    }
    const pending: { item: Disclosable; trigger: string }[] = [];
    for (const touched of touchedPaths(event, context)) {
      for (const item of disclosable) {
        if (delivered.has(item.entry.realPath) || !applies(item, touched)) continue;
        delivered.add(item.entry.realPath);
        pending.push({ item, trigger: touched });
      }
    }
    if (pending.length === 0) return null;
    const parts: ReminderPart[] = [];
    for (const { item } of pending) parts.push(await disclose(item));
    const text = renderReminder(parts);
    return { trigger: pending[0]!.trigger, paths: pending.map(({ item }) => item.entry.path), bytes: utf8ByteLength(text), text };
  }

  return {
    manifest,
    onToolResult(event) {
      const result = queue.then(() => handle(event));
      queue = result.catch(() => undefined);
      return result;
    },
    injectedBytes: () => usedBytes,
  };
}
