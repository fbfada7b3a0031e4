import path from 'node:path';

/** Folder of brass-agent under the XDG config home, and its file name. */
const USER_CONFIG_DIR = 'brass-agent';
const USER_CONFIG_FILE = 'config.json';

/**
 * Where the user config file lives: `$XDG_CONFIG_HOME/brass-agent/config.json`,
 * else `<homeDir>/.config/brass-agent/config.json`. A relative
 * XDG_CONFIG_HOME is ignored, as the XDG Base Directory specification
 * requires ("If an implementation encounters a relative path in any of these
 * variables it should consider the path invalid and ignore it").
 */
export function userConfigPath(env: { readonly XDG_CONFIG_HOME?: string | undefined }, homeDir: string): string {
  const xdgConfigHome = env.XDG_CONFIG_HOME;
  const base = xdgConfigHome !== undefined && path.isAbsolute(xdgConfigHome) ? xdgConfigHome : path.join(homeDir, '.config');
  return path.join(base, USER_CONFIG_DIR, USER_CONFIG_FILE);
}
