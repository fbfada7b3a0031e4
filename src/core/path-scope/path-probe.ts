/**
 * What the workspace scope needs to know about the real filesystem. The Node
 * adapter supplies it (core never touches `node:fs`); tests may supply a fake.
 */
export interface PathProbe {
  /**
   * The canonical path with every symlink resolved, or `null` when the path
   * (or a component of it) does not exist. Throws FileAccessError with reason
   * `symlink-loop` for a loop.
   */
  realpath(path: string): Promise<string | null>;
  /** Whether the filesystem holding `directory` compares names without case. */
  isCaseInsensitive(directory: string): Promise<boolean>;
  /** The user's home directory, used to expand a leading `~`. */
  homeDir: string;
}
