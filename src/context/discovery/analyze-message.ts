import { isTellingIdentifier } from './is-telling-identifier.js';

/**
 * What an identifier is to the failure, strongest first: `type` (the type
 * a member is missing from, the type expected), `export` (a module member
 * that is missing), `missing` (a name that cannot be found), `callee` (a
 * function called wrongly), `member` (a property that is missing), `quoted`
 * (any other quoted identifier), `suggestion` (a "did you mean" name).
 */
export type MessageIdentifierRole = 'type' | 'export' | 'missing' | 'callee' | 'member' | 'quoted' | 'suggestion';

export interface MessageIdentifier {
  name: string;
  role: MessageIdentifierRole;
}

export interface MessageAnalysis {
  identifiers: MessageIdentifier[];
  /** Module specifiers the message names (`./a`, `app.shipping`, `crate::pricing`). */
  modules: string[];
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// Names a message says something specific about. Each pattern's groups are read by the handler beside it.
const PATTERNS: { pattern: RegExp; handle: (match: RegExpExecArray, add: (name: string, role: MessageIdentifierRole) => void, addModule: (specifier: string) => void) => void }[] = [
  { pattern: /Property '([\w$]+)' does not exist on type '(.+?)'/g, handle: (m, add) => (add(m[1]!, 'member'), addTypes(m[2]!, add)) },
  { pattern: /Property '([\w$]+)' is missing in type '(.+?)' but required in type '(.+?)'/g, handle: (m, add) => (add(m[1]!, 'member'), addTypes(m[2]!, add), addTypes(m[3]!, add)) },
  { pattern: /'([\w$]+)' does not exist in type '(.+?)'/g, handle: (m, add) => (add(m[1]!, 'member'), addTypes(m[2]!, add)) },
  { pattern: /Module '"([^"]+)"' has no exported member(?: named)? '([\w$]+)'/g, handle: (m, add, addModule) => (addModule(m[1]!), add(m[2]!, 'export')) },
  { pattern: /'"([^"]+)"' has no exported member(?: named)? '([\w$]+)'/g, handle: (m, add, addModule) => (addModule(m[1]!), add(m[2]!, 'export')) },
  { pattern: /Module '"([^"]+)"' declares '([\w$]+)' locally, but it is not exported/g, handle: (m, add, addModule) => (addModule(m[1]!), add(m[2]!, 'export')) },
  { pattern: /Module '"([^"]+)"' has no default export/g, handle: (m, _add, addModule) => addModule(m[1]!) },
  { pattern: /Did you mean '([\w$]+)'\?/g, handle: (m, add) => add(m[1]!, 'suggestion') },
  { pattern: /Cannot find (?:module|package) ['"]([^'"]+)['"]/g, handle: (m, _add, addModule) => addModule(m[1]!) },
  { pattern: /(?:Could not resolve|Can't resolve|Failed to resolve import|failed to resolve import) ['"]([^'"]+)['"]/g, handle: (m, _add, addModule) => addModule(m[1]!) },
  { pattern: /No module named '([^']+)'/g, handle: (m, _add, addModule) => addModule(m[1]!) },
  { pattern: /Cannot find name '([\w$]+)'/g, handle: (m, add) => add(m[1]!, 'missing') },
  { pattern: /'([\w$]+)' is not defined/g, handle: (m, add) => add(m[1]!, 'missing') },
  { pattern: /(?:^|\s)([\w$]+) is not defined/g, handle: (m, add) => add(m[1]!, 'missing') },
  { pattern: /name '([\w$]+)' is not defined/g, handle: (m, add) => add(m[1]!, 'missing') },
  { pattern: /undefined: ([\w$]+(?:\.[\w$]+)?)/g, handle: (m, add) => add(lastSegment(m[1]!), 'missing') },
  { pattern: /cannot find (?:value|type|function|struct|trait|macro|module) `([\w:]+)`/g, handle: (m, add) => add(lastSegment(m[1]!), 'missing') },
  { pattern: /unresolved import `([\w:]+)`/g, handle: (m, add, addModule) => (add(lastSegment(m[1]!), 'export'), addModule(m[1]!.split('::').slice(0, -1).join('::'))) },
  { pattern: /([\w$.]+) is not a (?:function|constructor)/g, handle: (m, add) => add(lastSegment(m[1]!), 'callee') },
  { pattern: /Cannot read propert(?:y|ies) of (?:undefined|null) \(reading '([\w$]+)'\)/g, handle: (m, add) => add(m[1]!, 'member') },
  { pattern: /([\w$]+)\(\) (?:got an unexpected keyword argument|missing \d+ required|takes \d+ positional)/g, handle: (m, add) => add(m[1]!, 'callee') },
  { pattern: /'([\w$]+)' object has no attribute '([\w$]+)'/g, handle: (m, add) => (add(m[1]!, 'type'), add(m[2]!, 'member')) },
  { pattern: /module '([\w.]+)' has no attribute '([\w$]+)'/g, handle: (m, add, addModule) => (addModule(m[1]!), add(m[2]!, 'export')) },
  // Assignability and comparison: the types are where the mismatch shows; the producer of the value
  // (traced from the source line) is usually what changed, so these names are only `quoted`.
  { pattern: /Type '(.+?)' is not assignable to type '(.+?)'/g, handle: (m, add) => (addTypes(m[1]!, add, 'quoted'), addTypes(m[2]!, add, 'quoted')) },
  { pattern: /Argument of type '(.+?)' is not assignable to parameter of type '(.+?)'/g, handle: (m, add) => (addTypes(m[1]!, add, 'quoted'), addTypes(m[2]!, add, 'quoted')) },
  { pattern: /the types '(.+?)' and '(.+?)' have no overlap/g, handle: (m, add) => (addTypes(m[1]!, add, 'quoted'), addTypes(m[2]!, add, 'quoted')) },
  { pattern: /no (?:field|method named) `([\w$]+)` (?:on type|found for [\w ]+) `&?(?:mut )?([\w:<>]+)`/g, handle: (m, add) => (add(m[1]!, 'member'), addTypes(m[2]!, add)) },
  { pattern: /(\w+)\.(\w+) undefined \(type \*?([\w.]+) has no field or method/g, handle: (m, add) => (add(m[2]!, 'member'), add(lastSegment(m[3]!), 'type')) },
];
// Any other quoted identifier: 'X', "X", `X`, ‘X’.
const QUOTED = /['"`‘]([A-Za-z_$][\w$.]{1,80})['"`’]/g;

/**
 * Reads what a failure message says about names: which type lacks which
 * member, which module lacks which export, which name cannot be found,
 * which function was called wrongly, plus any other quoted identifiers.
 * Builtins and noise words are dropped (see isTellingIdentifier).
 */
export function analyzeMessage(message: string): MessageAnalysis {
  const newline = message.indexOf('\n');
  if (newline < 0) return analyzeLine(message, null);
  // Elaboration lines (`Types of property 'id' are incompatible.`) name what the mismatch runs
  // through, not what changed: their names count as merely quoted.
  const head = analyzeLine(message.slice(0, newline), null);
  const rest = analyzeLine(message.slice(newline + 1), 'quoted');
  const known = new Set(head.identifiers.map((identifier) => identifier.name));
  return {
    identifiers: [...head.identifiers, ...rest.identifiers.filter((identifier) => !known.has(identifier.name))],
    modules: [...head.modules, ...rest.modules.filter((module) => !head.modules.includes(module))],
  };
}

function analyzeLine(message: string, roleCap: MessageIdentifierRole | null): MessageAnalysis {
  const identifiers = new Map<string, MessageIdentifierRole>();
  const modules: string[] = [];
  const add = (name: string, proposed: MessageIdentifierRole) => {
    const role = roleCap !== null && ROLE_ORDER.indexOf(proposed) < ROLE_ORDER.indexOf(roleCap) ? roleCap : proposed;
    if (!IDENTIFIER.test(name) || !isTellingIdentifier(name)) return;
    const known = identifiers.get(name);
    if (known === undefined || ROLE_ORDER.indexOf(role) < ROLE_ORDER.indexOf(known)) identifiers.set(name, role);
  };
  const addModule = (specifier: string) => {
    if (specifier.length > 0 && !modules.includes(specifier)) modules.push(specifier);
  };
  for (const { pattern, handle } of PATTERNS) {
    for (const match of message.matchAll(pattern)) handle(match, add, addModule);
  }
  for (const match of message.matchAll(QUOTED)) {
    const text = match[1]!;
    if (/\.(?:[jt]sx?|[cm][jt]s|json|py|go|rs)$/.test(text) || modules.includes(text)) continue;
    for (const part of text.split('.')) if (!identifiers.has(part)) add(part, 'quoted');
  }
  return { identifiers: [...identifiers].map(([name, role]) => ({ name, role })), modules };
}

const ROLE_ORDER: readonly MessageIdentifierRole[] = ['type', 'export', 'missing', 'callee', 'member', 'quoted', 'suggestion'];

/** Names in a type as printed (`Promise<User | undefined>`, `&Price`): PascalCase names, or the whole simple name. */
function addTypes(typeText: string, add: (name: string, role: MessageIdentifierRole) => void, role: MessageIdentifierRole = 'type'): void {
  if (IDENTIFIER.test(typeText)) {
    add(typeText, role);
    return;
  }
  if (typeText.startsWith('typeof import(')) return;
  for (const match of typeText.matchAll(/(?<![\w$.'"])([A-Z][\w$]*)(?![\w$'"])/g)) add(match[1]!, role);
}

function lastSegment(path: string): string {
  const parts = path.split(/::|\./);
  return parts[parts.length - 1] ?? path;
}
