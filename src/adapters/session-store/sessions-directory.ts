import path from 'node:path';

/** Folder of brass-agent's sessions under the user's state directory, beside the journal and the checkpoints. */
const SESSIONS_SUBDIRECTORY = path.join('brass-agent', 'sessions');

/**
 * Where sessions live: `$XDG_STATE_HOME/brass-agent/sessions`, else
 * `<homeDir>/.local/state/brass-agent/sessions`; never inside a
 * repository. A relative XDG_STATE_HOME is ignored, as the XDG Base
 * Directory specification requires.
 *
 * @example
 * sessionsDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me'); // '/var/state/me/brass-agent/sessions'
 */
export function sessionsDirectory(env: { readonly XDG_STATE_HOME?: string | undefined }, homeDir: string): string {
  const xdgStateHome = env.XDG_STATE_HOME;
  const base = xdgStateHome !== undefined && path.isAbsolute(xdgStateHome) ? xdgStateHome : path.join(homeDir, '.local', 'state');
  return path.join(base, SESSIONS_SUBDIRECTORY);
}
