import path from 'node:path';
import picomatch from 'picomatch';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import type { PermissionRequest, RequestedCommand } from '../services/permission.js';

/** What a rule names: a command, a path read, a path written, or a tool. */
export type PermissionRuleKind = 'Shell' | 'Read' | 'Write' | 'Tool';

/** A parsed rule such as `Read(src/**)`, `Read(~/.ssh/**)` or `Shell(npm run test*)`. */
export interface PermissionRule {
  kind: PermissionRuleKind;
  pattern: string;
  /** The rule as written, for messages. */
  source: string;
  /**
   * Whether the rule names anything the request touches: one of its paths
   * (workspace-relative, or outside for an absolute or `~/` pattern), one of
   * its commands, or its tool. Deny and ask rules match this way.
   */
  matches(request: PermissionRequest): boolean;
  /**
   * Whether the rule allows the whole request: every workspace path (Read,
   * Write) or the tool (Tool). Shell rules allow command by command
   * (`allowsCommand`); rules on outside paths allow paths (`allowsOutsidePath`).
   */
  allows(request: PermissionRequest): boolean;
  /**
   * Shell rules: whether this one command matches. `isParsed`: the command
   * line was parsed, so the commands a runner runs are checked on their own.
   */
  allowsCommand(argv: readonly string[], isParsed: boolean): boolean;
  /** Read/Write rules with an absolute or `~/` pattern: whether it names this path outside the workspace. */
  allowsOutsidePath(absolutePath: string): boolean;
}

const RULE_SYNTAX = /^(Shell|Read|Write|Tool)\((.+)\)$/s;

/**
 * Runners whose arguments are a command they run with other privileges, in
 * another environment, or with arguments from elsewhere. An allow rule never
 * matches them (`Shell(sudo *)` would allow anything); the commands they run
 * are checked on their own.
 */
const PRIVILEGED_RUNNERS = new Set(['env', 'sudo', 'doas', 'su', 'runuser', 'xargs', 'eval', 'watch', 'flock', 'parallel', 'chroot', 'source', '.']);

/**
 * Runners whose arguments are a command or a script. In a command line that
 * was not parsed, the commands inside are not known: an allow rule never
 * matches these either (`Shell(sh -c npm test*)` must not let
 * `sh -c "npm test; rm -rf ~"` in). Parsed, their commands are checked on
 * their own and `Shell(bash scripts/check.sh)` may allow a script.
 */
const SCRIPT_RUNNERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'exec', 'nohup', 'timeout', 'nice', 'time', 'command', 'builtin', 'stdbuf', 'ionice', 'setsid']);

/**
 * Parses one rule string. Read and Write patterns are globs relative to the
 * workspace, or absolute (`/etc/**`) or under the home directory (`~/.ssh/**`)
 * for paths outside it. Throws InvalidInputError naming the rule when it is
 * not of the form `Kind(pattern)` with Kind one of Shell, Read, Write, Tool.
 */
export function parsePermissionRule(source: string, options: { homeDir?: string } = {}): PermissionRule {
  const match = RULE_SYNTAX.exec(source.trim());
  if (!match) {
    throw new InvalidInputError('permission rule', `${JSON.stringify(source)} is not of the form Shell(...), Read(...), Write(...) or Tool(...)`);
  }
  const kind = match[1] as PermissionRuleKind;
  const pattern = match[2]!.trim();
  if (pattern.length === 0) throw new InvalidInputError('permission rule', `${JSON.stringify(source)} has an empty pattern`);
  const never = () => false;
  switch (kind) {
    case 'Read':
    case 'Write':
      return { kind, pattern, source, allowsCommand: never, ...pathMatchers(kind, pattern, source, options.homeDir) };
    case 'Tool': {
      const isMatch = picomatch(pattern, { dot: true });
      const matches = (request: PermissionRequest) => request.tool !== undefined && isMatch(request.tool);
      return { kind, pattern, source, matches, allows: matches, allowsCommand: never, allowsOutsidePath: never };
    }
    case 'Shell': {
      const isMatch = shellPatternMatcher(pattern);
      return {
        kind,
        pattern,
        source,
        matches: (request) => request.access === 'execute' && commandsOf(request).some((command) => isMatch(command.argv.join(' '))),
        allows: never,
        allowsCommand: (argv, isParsed) => isPlainCommand(argv, isParsed) && isMatch(argv.join(' ')),
        allowsOutsidePath: never,
      };
    }
  }
}

function pathMatchers(kind: 'Read' | 'Write', pattern: string, source: string, homeDir: string | undefined) {
  const isOutsidePattern = pattern.startsWith('/') || pattern === '~' || pattern.startsWith('~/');
  if (isOutsidePattern) {
    if (pattern.startsWith('~') && homeDir === undefined) throw new InvalidInputError('permission rule', `${JSON.stringify(source)} needs the home directory to expand ~`);
    const absolute = pattern.startsWith('~') ? path.join(homeDir!, pattern.slice(1)) : pattern;
    const isMatch = picomatch(absolute, { dot: true });
    // Reading is the least a command can do with a path; a shell command may also write it.
    const accesses = kind === 'Read' ? ['read', 'write', 'execute'] : ['write', 'execute'];
    return {
      matches: (request: PermissionRequest) => accesses.includes(request.access) && request.outOfScopePaths.some((outside) => isMatch(outside)),
      allows: () => false,
      allowsOutsidePath: (absolutePath: string) => isMatch(absolutePath),
    };
  }
  const isMatch = picomatch(pattern, { dot: true });
  const access = kind === 'Read' ? 'read' : 'write';
  return {
    // A shell command may read or write any path it names: Read and Write rules both apply to it.
    matches: (request: PermissionRequest) => (request.access === access || request.access === 'execute') && request.paths.some((item) => isMatch(item)),
    allows: (request: PermissionRequest) => request.access === access && request.paths.length > 0 && request.paths.every((item) => isMatch(item)),
    allowsOutsidePath: () => false,
  };
}

/** `*` matches any run of characters (spaces included); everything else is literal. */
function shellPatternMatcher(pattern: string): (command: string) => boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const expression = new RegExp(`^${source}$`, 's');
  return (command) => expression.test(command);
}

/** The commands of a request: the parsed ones, or its argv. */
export function commandsOf(request: PermissionRequest): readonly RequestedCommand[] {
  if (request.commands !== undefined) return request.commands;
  return request.argv === undefined ? [] : [{ argv: request.argv }];
}

/** Whether an allow rule may match this argv at all (see PRIVILEGED_RUNNERS and SCRIPT_RUNNERS). */
export function isPlainCommand(argv: readonly string[], isParsed = false): boolean {
  const executable = argv[0]?.split(/[\\/]/).pop() ?? '';
  return !PRIVILEGED_RUNNERS.has(executable) && (isParsed || !SCRIPT_RUNNERS.has(executable));
}
