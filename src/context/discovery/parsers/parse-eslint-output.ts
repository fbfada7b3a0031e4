import type { Diagnostic } from '../diagnostic.js';
import { location } from './parse-helpers.js';

// stylish (the default): a file path alone on its line, then indented `line:col  severity  message  rule`.
const STYLISH_FILE = /^(\S(?:.*\S)?\.[A-Za-z0-9]{1,6})$/;
const STYLISH_PROBLEM = /^\s+(\d+):(\d+)\s+(error|warning)\s+(.+?)(?:\s{2,}(\S+))?\s*$/;
// unix: `file:line:col: message [Error/rule]`.
const UNIX_PROBLEM = /^(.+?):(\d+):(\d+): (.*) \[(Error|Warning)(?:\/([^\]]+))?\]$/;
// compact: `file: line 3, col 5, Error - message (rule)`.
const COMPACT_PROBLEM = /^(.+?): line (\d+), col (\d+), (Error|Warning) - (.*?)(?: \(([^()]+)\))?$/;

/**
 * Parses ESLint output in the stylish (default), unix and compact formats
 * (the latter two are separate formatter packages since ESLint 9, with the
 * same line shapes as before).
 */
export function parseEslintOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let stylishFile: string | null = null;
  for (const line of lines) {
    if (line.trim().length === 0) {
      stylishFile = null;
      continue;
    }
    if (stylishFile !== null) {
      const problem = STYLISH_PROBLEM.exec(line);
      if (problem) {
        diagnostics.push(withRule({ source: 'eslint', message: problem[4]!, locations: [location(stylishFile, problem[1], problem[2], 'error')] }, problem[5]));
        continue;
      }
    }
    if (line.includes(' [Error') || line.includes(' [Warning')) {
      const unix = UNIX_PROBLEM.exec(line);
      if (unix) {
        diagnostics.push(withRule({ source: 'eslint', message: unix[4]!, locations: [location(unix[1]!, unix[2], unix[3], 'error')] }, unix[6]));
        continue;
      }
    }
    if (line.includes(': line ')) {
      const compact = COMPACT_PROBLEM.exec(line);
      if (compact) {
        diagnostics.push(withRule({ source: 'eslint', message: compact[5]!, locations: [location(compact[1]!, compact[2], compact[3], 'error')] }, compact[6]));
        continue;
      }
    }
    const file = !line.startsWith(' ') ? STYLISH_FILE.exec(line) : null;
    stylishFile = file ? file[1]! : null;
  }
  return diagnostics;
}

function withRule(diagnostic: Diagnostic, rule: string | undefined): Diagnostic {
  return rule === undefined ? diagnostic : { ...diagnostic, code: rule };
}
