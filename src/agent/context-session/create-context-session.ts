import path from 'node:path';
import type { Config } from '../../config/index.js';
import { InvalidInputError, type Runtime } from '../../core/index.js';
import type { ShellParser } from '../../core/path-scope/shell-syntax.js';
import { resolveGuidance, type GuidanceResult, type UserGuidanceFile } from '../../context/guidance/index.js';
import {
  createDisclosureSession,
  type ContextDiscovery,
  type ContextReminder,
  type Manifest,
  type ToolResultEvent,
} from '../../context/nested/index.js';
import type { ContextSelection, ScopedContext } from '../../context/scoped/index.js';
import { assembleSystemPrompt } from './assemble-system-prompt.js';
import { type ContextCache, cachedDiscovery, cachedScopedResolver, createContextCache } from './create-context-cache.js';

export interface CreateContextSessionOptions {
  /** The workspace runtime: every file is read through it (scope, permissions, safe reads). */
  runtime: Runtime;
  /** The merged, validated configuration. */
  config: Config;
  /** The plain system prompt; returned unchanged when there is no context at all. */
  basePrompt: string;
  /** The agent, flow and step the session runs as. */
  selection?: ContextSelection;
  /** Values for `${env.VAR}` templates (the process environment at the entry point). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Absolute real path of the project root (the nearest ancestor with `.git`); default the workspace root. */
  projectRoot?: string;
  /** A runtime whose scope holds the project root, for guidance above the workspace; default `runtime`. */
  guidanceRuntime?: Runtime;
  /** The user-level guidance file, read by the entry point (it lies outside the workspace). */
  userGuidance?: UserGuidanceFile | null;
  /** Shared by the sessions of one workspace (sub-agents): one walk, one memo, the same prompt parts. */
  cache?: ContextCache;
  /** The user's home directory, for `~` in shell commands; absent, such paths match nothing. */
  homeDir?: string;
  /** Reads `sh -c` scripts inside shell commands (the shell-parser adapter); absent, they add no paths. */
  shellParser?: ShellParser | null;
}

/** The context of one agent session. */
export interface ContextSession {
  /** Fixed for the whole session: the plain prompt plus guidance, scoped context, rules and manifest. */
  readonly systemPrompt: string;
  readonly guidance: GuidanceResult;
  readonly scoped: ScopedContext;
  readonly manifest: Manifest;
  readonly discovery: ContextDiscovery;
  /** Whether nested context files are disclosed in this session. */
  readonly isNestedEnabled: boolean;
  /** Everything skipped, cut or misconfigured, one line each, for the person running the agent. */
  readonly warnings: readonly string[];
  /**
   * Call after every tool call with what it touched; append the returned
   * reminder's `text` to the tool result (after a blank line). Null when
   * nothing new applies. Never changes `systemPrompt`.
   */
  onToolResult(event: ToolResultEvent): Promise<ContextReminder | null>;
}

/**
 * Builds the context of one session: project guidance (project root down
 * to the workspace, plus the user file), scoped context of the selected
 * agent and flow step, path-scoped rules, and the nested context manifest;
 * then the byte-stable system prompt. Tool results get nested context
 * through `onToolResult`. Throws InvalidInputError when the selection names
 * an agent, flow or step that does not exist.
 *
 * @example
 * const session = await createContextSession({ runtime, config, basePrompt: PLAIN_SYSTEM_PROMPT, selection: { agent: 'reviewer' }, env: process.env });
 * const reminder = await session.onToolResult({ tool: 'read_file', ok: true, paths: ['packages/api/src/x.ts'] });
 * const toolResult = reminder === null ? output : `${output}\n\n${reminder.text}`;
 */
export async function createContextSession(options: CreateContextSessionOptions): Promise<ContextSession> {
  const { runtime, config } = options;
  const cache = options.cache ?? createContextCache();
  const workspaceRoot = runtime.scope.root;

  cache._internal.guidance ??= resolveGuidance({
    runtime: options.guidanceRuntime ?? runtime,
    workingDirectory: workspaceRoot,
    projectRoot: options.projectRoot ?? workspaceRoot,
    fileNames: config.guidance.fileNames,
    maxBytes: config.guidance.maxBytes,
    userGuidance: options.userGuidance ?? null,
  });
  const guidance = await cache._internal.guidance;
  const guidanceRealPaths = new Set(guidance.files.flatMap((file) => (file.realPath === undefined ? [] : [file.realPath])));

  const scoped = await cachedScopedResolver(cache, runtime, config, guidanceRealPaths).resolve(options.selection ?? {}, options.env ?? {});
  if (scoped.unknown.length > 0) throw new InvalidInputError('selection', scoped.unknown.join('; '));

  const isNestedEnabled = config.contextDiscovery.enabled && scoped.nested;
  const discovery = await cachedDiscovery(cache, runtime, config);
  const excludeRealPaths = new Set([...scoped.files.map((file) => file.path), ...[...guidanceRealPaths].flatMap((real) => insideWorkspace(real, workspaceRoot))]);
  const disclosure = createDisclosureSession({
    runtime,
    discovery,
    nested: isNestedEnabled,
    excludeRealPaths,
    maxFileBytes: config.contextDiscovery.maxFileBytes,
    maxSessionBytes: config.contextDiscovery.maxSessionBytes,
    homeDir: options.homeDir,
    shellParser: options.shellParser ?? null,
  });

  const systemPrompt = assembleSystemPrompt(options.basePrompt, [guidance.promptSection, scoped.promptSection, disclosure.manifest.promptSection]);
  return {
    systemPrompt,
    guidance,
    scoped,
    manifest: disclosure.manifest,
    discovery,
    isNestedEnabled,
    warnings: [...guidance.warnings, ...scoped.warnings, ...discovery.warnings],
    onToolResult: (event) => disclosure.onToolResult(event),
  };
}

/** The workspace-relative form of an absolute real path inside the workspace, as a one-item list (empty outside). */
function insideWorkspace(realPath: string, workspaceRoot: string): string[] {
  const relative = path.relative(workspaceRoot, realPath);
  if (relative === '' || path.isAbsolute(relative) || relative === '..' || relative.startsWith(`..${path.sep}`)) return [];
  return [relative.split(path.sep).join('/')];
}
