import picomatch from 'picomatch';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import type { PermissionRequest } from '../services/permission.js';

export type PermissionRuleKind = 'Shell' | 'Read' | 'Write' | 'Tool';

/** A parsed rule such as `Read(src/**)` or `Shell(npm run test*)`. */
export interface PermissionRule {
  kind: PermissionRuleKind;
  pattern: string;
  /** The rule as written, for messages. */
  source: string;
  matches(request: PermissionRequest): boolean;
}

const RULE_SYNTAX = /^(Shell|Read|Write|Tool)\((.+)\)$/s;

/**
 * Interpreters and wrappers whose arguments are themselves commands. Until
 * commands are parsed (shell path extraction), an allow rule never matches
 * them, so `Shell(sh -c npm test*)` cannot let `sh -c "npm test; rm -rf ~"` in.
 */
const COMMAND_RUNNERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'env', 'sudo', 'xargs', 'eval', 'exec', 'nohup', 'timeout', 'nice', 'time', 'command', 'builtin']);

/**
 * Parses one rule string. Throws InvalidInputError naming the rule when it is
 * not of the form `Kind(pattern)` with Kind one of Shell, Read, Write, Tool.
 */
export function parsePermissionRule(source: string): PermissionRule {
  const match = RULE_SYNTAX.exec(source.trim());
  if (!match) {
    throw new InvalidInputError('permission rule', `${JSON.stringify(source)} is not of the form Shell(...), Read(...), Write(...) or Tool(...)`);
  }
  const kind = match[1] as PermissionRuleKind;
  const pattern = match[2]!.trim();
  if (pattern.length === 0) throw new InvalidInputError('permission rule', `${JSON.stringify(source)} has an empty pattern`);
  return { kind, pattern, source, matches: matcherFor(kind, pattern) };
}

function matcherFor(kind: PermissionRuleKind, pattern: string): (request: PermissionRequest) => boolean {
  switch (kind) {
    case 'Read':
    case 'Write': {
      const isMatch = picomatch(pattern, { dot: true });
      const access = kind === 'Read' ? 'read' : 'write';
      return (request) => request.access === access && request.paths.length > 0 && request.paths.every((path) => isMatch(path));
    }
    case 'Tool': {
      const isMatch = picomatch(pattern, { dot: true });
      return (request) => request.tool !== undefined && isMatch(request.tool);
    }
    case 'Shell': {
      const isMatch = shellPatternMatcher(pattern);
      return (request) => request.access === 'execute' && request.argv !== undefined && isMatch(request.argv.join(' '));
    }
  }
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

/** Whether an allow rule may match this argv at all (see COMMAND_RUNNERS). */
export function isPlainCommand(argv: readonly string[]): boolean {
  const executable = argv[0]?.split(/[\\/]/).pop() ?? '';
  return !COMMAND_RUNNERS.has(executable);
}
