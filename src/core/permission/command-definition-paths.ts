/**
 * Files that decide what a validation command runs (issue 15, item 7): the
 * package.json `scripts`, npm's `script-shell`, brass-agent's own config, git's
 * config and hooks. Workspace-relative globs (picomatch, dotfiles included).
 */
export const COMMAND_DEFINITION_GLOBS: readonly string[] = ['**/package.json', '**/.npmrc', '.brass-agent.json', '.brass-agent/**', '.git/config', '.git/hooks/**'];

/** A word of a command that names a script file: `scripts/check.sh`, `./test.sh`, `tools/lint.py`. */
const SCRIPT_FILE = /^(?:\.\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1)$|^(?:\.\/)?[\w.-]+\/[\w./-]+$/;

/**
 * The workspace-relative globs of every file that defines one of `commands`
 * (argv): COMMAND_DEFINITION_GLOBS plus each script file their words name
 * (`bash scripts/check.sh`, `sh -c "./ci/test"`). A run that writes one of
 * them makes those commands its own, no longer the project's.
 */
export function commandDefinitionPaths(commands: readonly (readonly string[])[]): string[] {
  const files = new Set<string>(COMMAND_DEFINITION_GLOBS);
  for (const argv of commands) {
    for (const word of argv.flatMap((element) => element.split(/[\s;&|()<>'"`]+/))) {
      if (word.startsWith('-') || word.startsWith('/') || word.includes('..') || !SCRIPT_FILE.test(word)) continue;
      files.add(word.replace(/^\.\//, ''));
    }
  }
  return [...files];
}

/** Commands that rewrite a definition file without naming it: `npm pkg set scripts.test=...`, `git config core.hooksPath x`. */
const DEFINITION_EDITING_COMMANDS: readonly (readonly string[])[] = [['npm', 'pkg'], ['npm', 'set-script'], ['npm', 'config'], ['pnpm', 'pkg'], ['pnpm', 'config'], ['yarn', 'config'], ['bun', 'pm'], ['git', 'config']];

/** Whether a command rewrites a file that defines commands without naming it (see DEFINITION_EDITING_COMMANDS). */
export function editsCommandDefinitions(argv: readonly string[]): boolean {
  const words = argv.filter((word, index) => index === 0 || !word.startsWith('-'));
  return DEFINITION_EDITING_COMMANDS.some((prefix) => prefix.every((word, index) => (index === 0 ? words[0]?.split('/').pop() === word : words[index] === word)));
}
