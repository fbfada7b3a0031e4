/**
 * Retrieval benchmark cases over this repository's own code: task texts in
 * bug-report style (symptoms, not file names) and the files a fix would
 * change. The judged files were written from the code's responsibilities
 * before any ranker was run on the texts; do not tune on them.
 */
export interface RetrievalCase {
  id: string;
  goal: string;
  /** Workspace-relative files a fix would change; any of them counts as a hit. */
  files: string[];
}

const REDACTION = 'src/core/redaction';
const SEARCH = 'src/adapters/search';
const SCOPE = 'src/core/path-scope';
const DOCS = 'src/context/docs';
const DISCOVERY = 'src/context/discovery';

export const CASES: readonly RetrievalCase[] = [
  { id: 'jwt', goal: 'Secrets in shell command output still show up in the transcript when the value is a JSON web token (three base64 parts separated by dots).', files: [`${REDACTION}/detect-jwt.ts`] },
  { id: 'token-formats', goal: 'An AWS access key or a GitHub personal access token pasted into a log is not masked before it reaches the model.', files: [`${REDACTION}/token-formats.ts`, `${REDACTION}/detect-token-formats.ts`] },
  { id: 'url-credentials', goal: 'Passwords embedded in a database connection string like postgres://user:pass@host/db are printed unredacted.', files: [`${REDACTION}/detect-url-credentials.ts`] },
  { id: 'placeholder', goal: 'A value like changeme or <your-key> gets replaced by the redaction marker even though it is obviously a placeholder, not a real secret.', files: [`${REDACTION}/is-placeholder-value.ts`] },
  { id: 'auth-header', goal: 'The Authorization: Bearer header in the output of a curl -v command is shown in clear text.', files: [`${REDACTION}/detect-authorization-headers.ts`] },
  { id: 'private-key', goal: 'A -----BEGIN RSA PRIVATE KEY----- block is only partially hidden; the tail of the key leaks into the prompt.', files: [`${REDACTION}/detect-private-keys.ts`] },
  { id: 'overlap', goal: 'When two secret detectors match overlapping ranges of the same text, the redacted output contains doubled markers and mangled characters.', files: [`${REDACTION}/merge-secret-spans.ts`] },
  { id: 'custom-regex', goal: 'A user-configured redaction pattern with catastrophic backtracking hangs the agent instead of being rejected up front.', files: [`${REDACTION}/check-pattern-safety.ts`, `${REDACTION}/detect-custom-patterns.ts`] },
  { id: 'utf8-cut', goal: 'Reading a file with a byte limit that falls in the middle of a multi-byte emoji returns a broken character at the end of the content.', files: ['src/adapters/file-system/utf8-cut-point.ts', 'src/adapters/file-system/safe-read-file.ts'] },
  { id: 'atomic-write', goal: 'Writing a file leaves a half-written file behind when the process is killed in the middle of the write.', files: ['src/adapters/file-system/write-file-atomic.ts'] },
  { id: 'symlink-swap', goal: 'A file replaced by a symlink pointing outside the workspace between the permission check and the open can still be read.', files: ['src/adapters/file-system/resolve-contained-target.ts', 'src/adapters/file-system/safe-read-file.ts'] },
  { id: 'nested-gitignore', goal: 'Text search ignores the patterns of .gitignore files in nested subdirectories and returns matches from ignored build folders.', files: [`${SEARCH}/gitignore-rules.ts`, `${SEARCH}/ignore-levels.ts`] },
  { id: 'ripgrep-binary', goal: 'On a machine without a system rg, the search cannot locate the ripgrep binary shipped with the npm package and silently uses the slow engine.', files: [`${SEARCH}/find-ripgrep.ts`] },
  { id: 'long-line', goal: 'Searching for a string that appears in a very long minified line returns the whole megabyte-long line as the match preview.', files: [`${SEARCH}/parse-long-match-line.ts`] },
  { id: 'exclude-glob', goal: 'An exclude glob like **/*.test.ts still lets test files through when the built-in node search engine is used instead of ripgrep.', files: [`${SEARCH}/glob-to-regexp.ts`, `${SEARCH}/override-globs.ts`] },
  { id: 'env-leak', goal: 'Shell commands run by the agent inherit API keys from the environment of the parent process.', files: ['src/adapters/shell/scrub-environment.ts'] },
  { id: 'huge-output', goal: 'A command that prints gigabytes to stdout makes the memory of the agent grow without bound.', files: ['src/adapters/shell/capture-output.ts'] },
  { id: 'enoent', goal: 'Running a program that is not installed reports a raw spawn ENOENT error instead of saying the program was not found.', files: ['src/adapters/shell/to-start-error.ts'] },
  { id: 'timeout', goal: 'A command that hangs forever is never stopped when its timeout expires.', files: ['src/core/runtime/run-with-timeout.ts', 'src/adapters/shell/node-shell.ts'] },
  { id: 'cat-outside', goal: 'cat ../outside/secret.txt is allowed to run even though it reads a path outside the workspace.', files: [`${SCOPE}/read-simple-command.ts`, `${SCOPE}/extract-command-paths.ts`, `${SCOPE}/find-out-of-scope-paths.ts`] },
  { id: 'git-c', goal: 'git -C /other/repo log is not recognised as touching a directory outside the workspace.', files: [`${SCOPE}/read-git-command.ts`] },
  { id: 'python-c', goal: 'python -c "open(\'/etc/passwd\').read()" is not flagged as a risky inline program that may read arbitrary paths.', files: [`${SCOPE}/embedded-program-risk.ts`, `${SCOPE}/read-interpreter-command.ts`] },
  { id: 'wrapper', goal: 'Prefixing a command with env FOO=1 or nice or timeout hides the inner command from the workspace path checks.', files: [`${SCOPE}/read-wrapper-command.ts`] },
  { id: 'redirect', goal: 'Output redirection like echo hi > /tmp/out.txt to a file outside the workspace is not detected by the command analysis.', files: [`${SCOPE}/walk-redirect.ts`] },
  { id: 'session-grant', goal: 'After I approve a command once for the session, the agent asks again for the very same command a minute later.', files: ['src/core/permission/session-grants.ts'] },
  { id: 'deny-wins', goal: 'A deny rule does not win over an allow rule that matches the same command; the command runs.', files: ['src/core/permission/evaluate-permission.ts'] },
  { id: 'typo-key', goal: 'A typo in a configuration key such as maxFles is reported as unknown without suggesting the key I probably meant.', files: ['src/config/closest-key.ts'] },
  { id: 'zod-messages', goal: 'Invalid configuration values print raw validation issue objects instead of a readable key path and what was expected.', files: ['src/config/format-zod-issues.ts', 'src/config/describe-expected.ts'] },
  { id: 'layer-order', goal: 'Settings from the user configuration win over the workspace configuration file; the layers are merged in the wrong order.', files: ['src/config/merge-config-layers.ts'] },
  { id: 'trust-symlink', goal: 'A trusted workspace opened through a symlinked directory path is not recognised as trusted.', files: ['src/config/is-same-workspace-path.ts'] },
  { id: 'xdg', goal: 'The user configuration file is looked up in the home directory even when XDG_CONFIG_HOME is set.', files: ['src/config/user-config-path.ts'] },
  { id: 'proximity', goal: 'Docs search ranks a page where the query words are far apart above a page where they appear next to each other.', files: [`${DOCS}/proximity-boost.ts`] },
  { id: 'misspelling', goal: 'Searching the docs for a misspelled word like configration finds nothing, although the right word is everywhere.', files: [`${DOCS}/edit-distance.ts`, `${DOCS}/expand-term.ts`] },
  { id: 'frontmatter-title', goal: 'The title from the YAML front matter of a markdown page is ignored; results show the file name instead.', files: [`${DOCS}/parse-frontmatter.ts`, `${DOCS}/metadata-fallback.ts`] },
  { id: 'docs-cache', goal: 'The documentation index is rebuilt from scratch on every run even when no markdown file changed.', files: [`${DOCS}/docs-index-cache.ts`, `${DOCS}/docs-index-cache-io.ts`, 'src/adapters/docs-cache/file-docs-cache.ts'] },
  { id: 'pnpm', goal: 'Discovery runs npm instead of pnpm in a project that only has a pnpm-lock.yaml and no packageManager field.', files: [`${DISCOVERY}/detect-package-manager.ts`] },
  { id: 'eslint-stylish', goal: 'Lint failures printed in the default stylish format give no file path signals to the discovery pass.', files: [`${DISCOVERY}/parsers/parse-eslint-output.ts`] },
  { id: 'python-traceback', goal: 'Frames of a Python traceback in pytest output are not picked up, so the failing module is never read.', files: [`${DISCOVERY}/parsers/parse-pytest-output.ts`] },
  { id: 'quoted-args', goal: 'Quoted arguments in a configured validation command are split at the spaces inside the quotes.', files: [`${DISCOVERY}/split-command-line.ts`] },
  { id: 'js-to-ts', goal: "An import of './user.js' in a TypeScript file is not resolved to user.ts when tracing a failure to its definition.", files: [`${DISCOVERY}/resolve-import.ts`] },
  { id: 'ansi', goal: 'Colour escape codes in the output of the test runner break the extraction of file paths and line numbers.', files: [`${DISCOVERY}/normalize-output-text.ts`] },
  { id: 'exit-code', goal: 'The CLI exits with status 0 even when the command failed because of invalid input.', files: ['src/cli/exit-code.ts'] },
  { id: 'doctor', goal: 'The doctor command does not report whether ripgrep is available and which binary is used.', files: ['src/cli/commands/doctor-action.ts'] },
  { id: 'reminder-injection', goal: 'A closing system-reminder tag inside a file content ends the reminder block early and lets the file inject instructions.', files: ['src/core/context-text/neutralize-reminder-tags.ts'] },
];
