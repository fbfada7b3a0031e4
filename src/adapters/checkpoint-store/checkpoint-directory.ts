import path from 'node:path';

/** Folder of brass-agent's checkpoints under the user's state directory, beside the patch journal. */
const CHECKPOINT_SUBDIRECTORY = path.join('brass-agent', 'checkpoints');

/**
 * Where checkpoints live: `$XDG_STATE_HOME/brass-agent/checkpoints`, else
 * `<homeDir>/.local/state/brass-agent/checkpoints`; never inside a
 * repository. A relative XDG_STATE_HOME is ignored, as the XDG Base
 * Directory specification requires.
 *
 * @example
 * checkpointDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me'); // '/var/state/me/brass-agent/checkpoints'
 */
export function checkpointDirectory(env: { readonly XDG_STATE_HOME?: string | undefined }, homeDir: string): string {
  const xdgStateHome = env.XDG_STATE_HOME;
  const base = xdgStateHome !== undefined && path.isAbsolute(xdgStateHome) ? xdgStateHome : path.join(homeDir, '.local', 'state');
  return path.join(base, CHECKPOINT_SUBDIRECTORY);
}
