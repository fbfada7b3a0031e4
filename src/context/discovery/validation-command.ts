/** Package managers discovery recognises. */
export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** Where a validation command came from. */
export type ValidationCommandSource = 'config' | 'package.json' | 'tsconfig.json' | 'pytest' | 'go.mod' | 'Cargo.toml';

/** What kind of check a command is; it decides the order commands run in. */
export type ValidationKind = 'typecheck' | 'test' | 'lint' | 'check' | 'custom';

/** One command that validates the project. */
export interface ValidationCommand {
  /** Short name shown in output: `typecheck`, `test`, `test (packages/api)`. */
  name: string;
  kind: ValidationKind;
  /** The command as a person would type it. */
  command: string;
  /** What actually runs: argv, no shell (unless the configured command needed one). */
  argv: readonly string[];
  /** Workspace-relative directory it runs in; `.` is the root. */
  cwd: string;
  source: ValidationCommandSource;
}

// Script names per kind, in order of preference (the spec of issue 4, step 2).
const SCRIPT_NAMES: readonly { kind: ValidationKind; names: readonly string[] }[] = [
  { kind: 'typecheck', names: ['typecheck', 'type-check', 'tsc', 'check-types', 'types:check', 'check:types'] },
  { kind: 'test', names: ['test', 'test:ci', 'test:unit'] },
  { kind: 'lint', names: ['lint', 'lint:ci', 'eslint'] },
  { kind: 'check', names: ['check', 'validate', 'verify'] },
];

/** npm's placeholder `test` script, which only fails. */
const PLACEHOLDER_SCRIPT = /no test specified/;
/** A script that would never exit on its own. */
const WATCH_SCRIPT = /(?:^|\s)--watch(?:All)?(?:\s|$)|(?:^|\s)-w(?:\s|$)|\bvitest\s+(?:watch|dev)\b|\bnodemon\b/;

/**
 * The validation commands a package.json's scripts offer, one per kind
 * (typecheck, test, lint, check), in that order: a placeholder or watch-mode
 * script is skipped for the next name of its kind, and a script whose body
 * repeats one already chosen is dropped.
 */
export function commandsFromScripts(options: { scripts: Readonly<Record<string, unknown>>; packageManager: PackageManager; cwd: string }): ValidationCommand[] {
  const commands: ValidationCommand[] = [];
  const bodies = new Set<string>();
  for (const { kind, names } of SCRIPT_NAMES) {
    for (const name of names) {
      const body = options.scripts[name];
      if (typeof body !== 'string' || body.trim().length === 0) continue;
      if (PLACEHOLDER_SCRIPT.test(body) || WATCH_SCRIPT.test(body)) continue;
      if (bodies.has(body.trim())) break;
      bodies.add(body.trim());
      const argv = scriptArgv(options.packageManager, name);
      commands.push({ name: options.cwd === '.' ? kind : `${kind} (${options.cwd})`, kind, command: argv.join(' '), argv, cwd: options.cwd, source: 'package.json' });
      break;
    }
  }
  return commands;
}

/** How each package manager runs a script. `bun test` is Bun's own test runner, so Bun always gets `run`. */
export function scriptArgv(packageManager: PackageManager, script: string): string[] {
  if (script === 'test' && packageManager !== 'bun') return [packageManager, 'test'];
  return [packageManager, 'run', script];
}

/** `tsc --noEmit` through the project's own TypeScript, never a download. */
export function typescriptCheckArgv(packageManager: PackageManager): string[] {
  switch (packageManager) {
    case 'npm':
      return ['npx', '--no-install', 'tsc', '--noEmit'];
    case 'pnpm':
      return ['pnpm', 'exec', 'tsc', '--noEmit'];
    case 'yarn':
      return ['yarn', 'tsc', '--noEmit'];
    case 'bun':
      return ['bunx', 'tsc', '--noEmit'];
  }
}

/** The order commands run in: cheap, precise checks first. */
export const KIND_ORDER: readonly ValidationKind[] = ['typecheck', 'test', 'lint', 'check', 'custom'];
