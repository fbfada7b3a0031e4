import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { MAX_MENTION_BYTES } from '../../agent/engine/index.js';
import { fence } from '../../agent/run/build-first-message.js';
import { READ_FILE_TOOL } from '../../agent/tools/index.js';
import { BrassError, OutsideWorkspaceError, type Runtime, type WorkspaceScope } from '../../core/index.js';
import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import { truncateUtf8 } from '../../core/context-text/truncate-utf8.js';

/** Most resources (links and embedded) one prompt attaches. */
export const MAX_PROMPT_RESOURCES = 10;

/** What turning a prompt into a message needs: the workspace's scope and runtime, the redactor, the editor's reads. */
export interface PromptWorkspace {
  scope: WorkspaceScope;
  /** Checks every attached file as `read_file` would read it: scope after realpath, permission rules, no FIFO or device, size cap. */
  runtime: Runtime;
  redact(text: string): string;
  /** The editor's `fs/read_text_file` (its buffer, saved or not), when it offers one; null: read from disk. */
  readClientFile: ((absolutePath: string) => Promise<string>) | null;
  /** Diagnostics (stderr). */
  warn(message: string): void;
}

/**
 * An ACP prompt as the message the engine gets: text blocks joined (their
 * `@path` mentions are attached by the engine), then each resource the
 * editor sent, as a fenced file block. A `resource_link` or an embedded
 * `resource` names a file: it must be inside the workspace (after
 * resolving symlinks) and pass the path scope and permission rules as a
 * `read_file` of it would; its text comes from the editor (an embedded
 * resource's text, or `fs/read_text_file` when offered: unsaved buffers)
 * or else from disk, and is redacted and capped like an `@path` mention.
 * An embedded resource that is not a file (a selection, a URL) is
 * attached as redacted text.
 *
 * @throws BrassError `outside-workspace` for a file outside the workspace,
 * `invalid-input` for content we do not take (images, audio, blobs, a
 * non-file link) or a file that may not be read.
 */
export async function promptText(blocks: readonly ContentBlock[], workspace: PromptWorkspace): Promise<string> {
  const texts: string[] = [];
  const attached: string[] = [];
  const resources = blocks.filter((block) => block.type === 'resource' || block.type === 'resource_link');
  if (resources.length > MAX_PROMPT_RESOURCES) throw new BrassError('invalid-input', `a prompt attaches at most ${MAX_PROMPT_RESOURCES} resources; this one has ${resources.length}`);
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        texts.push(block.text);
        break;
      case 'resource_link':
        attached.push(await attachFile(block.uri, null, workspace));
        break;
      case 'resource':
        if ('text' in block.resource) {
          const filePath = filePathOf(block.resource.uri);
          attached.push(filePath === null ? attachText(block.resource.uri, block.resource.text, workspace) : await attachFile(block.resource.uri, block.resource.text, workspace));
        } else throw new BrassError('invalid-input', `${block.resource.uri}: binary resources are not supported; attach text files`);
        break;
      default:
        throw new BrassError('invalid-input', `${block.type} content is not supported; brass-agent takes text, resource links and embedded text resources`);
    }
  }
  const message = texts.join('\n').trim();
  if (message.length === 0 && attached.length === 0) throw new BrassError('invalid-input', 'the prompt is empty: send at least one text block');
  return [message, ...attached].filter((part) => part.length > 0).join('\n\n');
}

/** A file of the workspace, checked by a read through the runtime; its text from the editor when given or offered. */
async function attachFile(uri: string, editorText: string | null, workspace: PromptWorkspace): Promise<string> {
  const filePath = filePathOf(uri);
  if (filePath === null) throw new BrassError('invalid-input', `resource link ${uri}: only file: URIs (or absolute paths) inside the workspace can be attached`);
  const resolved = await workspace.scope.resolve(filePath);
  if (resolved.relativePath === null) throw new OutsideWorkspaceError({ requestedPath: filePath, resolvedPath: resolved.absolutePath });
  const observation = await workspace.runtime.execute({ kind: 'fs.readFile', path: resolved.relativePath, tool: READ_FILE_TOOL });
  if (!observation.ok) throw new BrassError('invalid-input', `${resolved.relativePath} cannot be attached: ${observation.error.message}`);
  const clientText = editorText ?? (workspace.readClientFile === null ? null : await readFromEditor(workspace.readClientFile, resolved.absolutePath, workspace.warn));
  const text = clientText ?? observation.value.content;
  const cut = truncateUtf8(workspace.redact(text), MAX_MENTION_BYTES);
  const isPartial = cut.truncated || (clientText === null && observation.value.truncated);
  return `File ${escapePromptPath(resolved.relativePath)} (attached by the editor${isPartial ? '; only its beginning' : ''}):\n${fence(cut.text)}`;
}

/** The editor's text of a file that passed the checks; null (then the disk's, already read) when the editor fails to answer. */
async function readFromEditor(read: (absolutePath: string) => Promise<string>, absolutePath: string, warn: (message: string) => void): Promise<string | null> {
  try {
    return await read(absolutePath);
  } catch (error) {
    warn(`the editor could not read ${absolutePath} (${error instanceof Error ? error.message : String(error)}); attached from disk`);
    return null;
  }
}

/** Context the editor sent that is not a file (a selection, a URL's text): redacted and capped. */
function attachText(uri: string, text: string, workspace: PromptWorkspace): string {
  const cut = truncateUtf8(workspace.redact(text), MAX_MENTION_BYTES);
  return `Context ${escapePromptPath(workspace.redact(uri))} (attached by the editor${cut.truncated ? '; only its beginning' : ''}):\n${fence(cut.text)}`;
}

/** The absolute path a `file:` URI or an absolute path names; null for any other URI. */
function filePathOf(uri: string): string | null {
  if (uri.startsWith('file:')) {
    try {
      return fileURLToPath(uri);
    } catch (error) {
      throw new BrassError('invalid-input', `${uri} is not a valid file URI: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return path.isAbsolute(uri) ? uri : null;
}
