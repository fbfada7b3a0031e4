import path from 'node:path';

/** Folder of brass-agent's patch journal under the user's state directory. */
const JOURNAL_SUBDIRECTORY = path.join('brass-agent', 'journal');

/**
 * Where the patch journal lives: `$XDG_STATE_HOME/brass-agent/journal`, else
 * `<homeDir>/.local/state/brass-agent/journal`; never inside a repository.
 * A relative XDG_STATE_HOME is ignored, as the XDG Base Directory
 * specification requires.
 *
 * @example
 * journalDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me'); // '/var/state/me/brass-agent/journal'
 */
export function journalDirectory(env: { readonly XDG_STATE_HOME?: string | undefined }, homeDir: string): string {
  const xdgStateHome = env.XDG_STATE_HOME;
  const base = xdgStateHome !== undefined && path.isAbsolute(xdgStateHome) ? xdgStateHome : path.join(homeDir, '.local', 'state');
  return path.join(base, JOURNAL_SUBDIRECTORY);
}
