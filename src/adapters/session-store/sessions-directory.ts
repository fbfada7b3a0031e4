import path from 'node:path';

/**
 * brass-agent's folder under the user's state directory:
 * `$XDG_STATE_HOME/brass-agent`, else `<homeDir>/.local/state/brass-agent`;
 * the sessions, the journal, the checkpoints and `serve.json` live in it.
 * A relative XDG_STATE_HOME is ignored, as the XDG Base Directory
 * specification requires.
 *
 * @example
 * stateDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me'); // '/var/state/me/brass-agent'
 */
export function stateDirectory(env: { readonly XDG_STATE_HOME?: string | undefined }, homeDir: string): string {
  const xdgStateHome = env.XDG_STATE_HOME;
  const base = xdgStateHome !== undefined && path.isAbsolute(xdgStateHome) ? xdgStateHome : path.join(homeDir, '.local', 'state');
  return path.join(base, 'brass-agent');
}

/**
 * Where sessions live: `sessions` in the state directory (see
 * stateDirectory), beside the journal and the checkpoints; never inside a
 * repository.
 *
 * @example
 * sessionsDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me'); // '/var/state/me/brass-agent/sessions'
 */
export function sessionsDirectory(env: { readonly XDG_STATE_HOME?: string | undefined }, homeDir: string): string {
  return path.join(stateDirectory(env, homeDir), 'sessions');
}
