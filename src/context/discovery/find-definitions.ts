/** How a line defines a name: a declaration, a method or property of a class or interface, or an export list entry. */
export type DefinitionKind = 'declaration' | 'member' | 'export';

export interface Definition {
  name: string;
  /** 1-based. */
  line: number;
  kind: DefinitionKind;
  /** Not indented: a module-level declaration, not a local variable. */
  isTopLevel: boolean;
}

const MODIFIERS = '(?:(?:export|default|declare|abstract|async|public|private|protected|static|readonly|override|pub(?:\\([^)]*\\))?|unsafe|const|extern)\\s+)*';
const KEYWORDS = '(?:class|interface|type|enum|function\\*?|const|let|var|namespace|module|def|async\\s+def|fn|func|struct|trait|mod|impl)';
const CONTROL_WORDS = /^\s*(?:if|for|while|switch|catch|return|await|throw|new|else|do|typeof|case)\b/;

/**
 * The lines of `source` that define `name`, in any of the languages
 * discovery reads: `class X`, `interface X`, `type X =`, `enum X`,
 * `function X`, `const X =`, `export { X }`, `def X`, `func X`,
 * `func (r T) X`, `fn X`, `struct X`, a method `X(...) {` or a property
 * `X: T` of a class or interface. Calls and other uses are not definitions.
 *
 * @example
 * findDefinitions('export class AuthClient {\n  getAccessToken(): string {', 'getAccessToken')
 * // [{ name: 'getAccessToken', line: 2, kind: 'member', isTopLevel: false }]
 */
export function findDefinitions(source: string, name: string): Definition[] {
  if (!source.includes(name)) return [];
  const escaped = name.replace(/[$]/g, '\\$');
  const boundary = '(?![\\w$])';
  const declaration = new RegExp(`^\\s*${MODIFIERS}${KEYWORDS}\\s+${escaped}${boundary}`);
  const goMethod = new RegExp(`^func\\s+\\([^)]*\\)\\s*${escaped}\\s*[(\\[]`);
  const exportList = new RegExp(`^\\s*export\\s+(?:type\\s+)?\\{[^}]*(?:^|[\\s,{])(?:[\\w$]+\\s+as\\s+)?${escaped}${boundary}`);
  const method = new RegExp(`^\\s*${MODIFIERS}(?:get\\s+|set\\s+|\\*\\s*)?${escaped}\\s*(?:<[^>]*>)?\\s*\\(`);
  const property = new RegExp(`^\\s*${MODIFIERS}${escaped}\\s*[?!]?\\s*:\\s*\\S`);
  const assignment = new RegExp(`^(?:\\s*(?:this\\.|self\\.)${escaped}|${escaped})\\s*(?::[^=]+)?=(?!=)`);
  const definitions: Definition[] = [];
  const lines = source.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.includes(name)) continue;
    const kind = classify(line);
    if (kind !== null) definitions.push({ name, line: index + 1, kind, isTopLevel: !/^\s/.test(line) });
  }
  return definitions;

  function classify(line: string): DefinitionKind | null {
    if (declaration.test(line) || goMethod.test(line)) return 'declaration';
    // `export { X } from './x'` only passes X on: the definition is in './x'.
    if (exportList.test(line)) return /\bfrom\s*['"]/.test(line) ? null : 'export';
    if (CONTROL_WORDS.test(line)) return null;
    // A method header ends its line with `{`, or carries a return type (`): T;` in an interface); a call has neither.
    if (method.test(line) && /\{\s*$|\)\s*:\s*[^=;]+;?\s*$/.test(line)) return 'member';
    if (property.test(line) && !/^\s*(?:case|default)\b/.test(line)) return 'member';
    if (assignment.test(line) && /^\S/.test(line)) return 'declaration';
    return null;
  }
}
