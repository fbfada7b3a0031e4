import path from 'node:path';
import { FileAccessError } from '../../core/index.js';
// Not through the config barrel, which reaches the schema and zod (see open-workspace.ts).
import { userConfigPath } from '../../config/user-config-path.js';
import { createNodePathProbe, safeReadFile } from '../file-system/index.js';

/** The user-level guidance file as the guidance resolver takes it. */
export interface UserGuidanceText {
  /** `~/.config/brass-agent/AGENTS.md`, or `$XDG_CONFIG_HOME/brass-agent/AGENTS.md` outside the home directory. */
  displayPath: string;
  content: string;
  totalBytes: number;
}

export interface ReadUserGuidanceOptions {
  env: { readonly XDG_CONFIG_HOME?: string | undefined };
  homeDir: string;
  /** `guidance.fileNames`: the first that exists in the config directory is read. */
  fileNames: readonly string[];
  /** Read at most this many bytes (`guidance.maxBytes`); the rest is announced as cut. */
  maxBytes: number;
}

/**
 * Reads the user-level guidance file from the brass-agent config directory
 * (`$XDG_CONFIG_HOME/brass-agent/`, else `~/.config/brass-agent/`) through
 * the safe read: the first of `fileNames` that exists, at most `maxBytes`.
 * It is the user's own file, so it may be a symlink anywhere, but never to a
 * FIFO, socket or device. Never throws for a bad file: `warnings` says why
 * it was skipped.
 */
export async function readUserGuidance(options: ReadUserGuidanceOptions): Promise<{ file: UserGuidanceText | null; warnings: string[] }> {
  const directory = path.dirname(userConfigPath(options.env, options.homeDir));
  const probe = createNodePathProbe();
  for (const name of options.fileNames) {
    const filePath = path.join(directory, name);
    const displayPath = displayUserPath(filePath, options);
    try {
      const realPath = await probe.realpath(filePath);
      if (realPath === null) continue;
      const file = await safeReadFile({ path: realPath, maxBytes: options.maxBytes, isContained: () => true, isHardLinkAllowed: true });
      return { file: { displayPath, content: file.content, totalBytes: file.totalBytes }, warnings: [] };
    } catch (error) {
      if (!FileAccessError.isInstance(error)) throw error;
      return { file: null, warnings: [`${displayPath}: not loaded: ${describe(error)}`] };
    }
  }
  return { file: null, warnings: [] };
}

function describe(error: FileAccessError): string {
  if (error.reason === 'not-a-regular-file') return 'it is not a regular file (a FIFO, socket or device)';
  if (error.reason === 'binary') return 'it is a binary file';
  return error.message;
}

function displayUserPath(filePath: string, options: ReadUserGuidanceOptions): string {
  const inHome = path.relative(options.homeDir, filePath);
  if (!path.isAbsolute(inHome) && inHome.split(path.sep)[0] !== '..') return `~/${inHome.split(path.sep).join('/')}`;
  const xdg = options.env.XDG_CONFIG_HOME;
  if (xdg !== undefined && path.isAbsolute(xdg)) return `$XDG_CONFIG_HOME/${path.relative(xdg, filePath).split(path.sep).join('/')}`;
  return filePath.split(path.sep).join('/');
}
