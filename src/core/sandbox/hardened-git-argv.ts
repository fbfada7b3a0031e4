/**
 * Settings that keep git from starting any program a repository's
 * configuration names (`.git/config` is the repository's to write): no
 * fsmonitor daemon, no hooks, no pager, editor, askpass, credential helper,
 * external diff or signing program, no submodule recursion.
 */
export const HARDENED_GIT_SETTINGS: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.editor=true',
  'core.askPass=',
  'core.sshCommand=ssh',
  'credential.helper=',
  'diff.external=',
  'gpg.program=false',
  'submodule.recurse=false',
  'status.submoduleSummary=false',
];

/** Lists the filter drivers git knows (every scope, includes followed), so hardenedGitArgv can switch each off. Reading config runs nothing. */
export const GIT_FILTER_DRIVERS_ARGV: readonly string[] = ['git', 'config', '-z', '--name-only', '--get-regexp', '^filter\\.'];

/** The driver names in the NUL-separated output of GIT_FILTER_DRIVERS_ARGV (`filter.lfs.clean` → `lfs`). */
export function parseFilterDrivers(output: string): string[] {
  const names = new Set<string>();
  for (const key of output.split('\0')) {
    const match = /^filter\.(.+)\.[^.]+$/s.exec(key.trim());
    if (match !== null) names.add(match[1]!);
  }
  return [...names];
}

/**
 * `git ARGS` with every repository-configured program switched off
 * (HARDENED_GIT_SETTINGS, plus each filter driver's clean, smudge and
 * process commands emptied, as `git status` runs clean filters to compare
 * contents) and without optional locks (a status never rewrites the index).
 * A driver name git could not take on its command line makes git fail
 * rather than run the driver.
 *
 * @example
 * hardenedGitArgv(['status', '--porcelain=v1'], ['lfs']);
 * // ['git', '-c', 'core.fsmonitor=false', …, '-c', 'filter.lfs.clean=', …, '--no-optional-locks', 'status', '--porcelain=v1']
 */
export function hardenedGitArgv(args: readonly string[], filterDrivers: readonly string[]): string[] {
  const settings = [...HARDENED_GIT_SETTINGS, ...filterDrivers.flatMap((name) => [`filter.${name}.clean=`, `filter.${name}.smudge=`, `filter.${name}.process=`, `filter.${name}.required=false`])];
  return ['git', ...settings.flatMap((setting) => ['-c', setting]), '--no-optional-locks', ...args];
}
