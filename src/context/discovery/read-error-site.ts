import type { IdentifierRole } from './identifier-signals.js';
import { declaredTypeOf, isLocalBinding, localInitializerOf, readErrorLine } from './read-error-line.js';

/** A name the source at an error points to, and why. */
export interface SiteName {
  name: string;
  role: IdentifierRole;
}

/** Error codes about a call's arguments: the called function's definition is the suspect. */
const ARGUMENT_ERROR_CODES = new Set(['TS2345', 'TS2554', 'TS2555', 'TS2556', 'TS2559', 'TS2769', 'TS2575', 'E0061', 'E0308']);
/** Error codes about a value that does not fit where it is used. */
const ASSIGNABILITY_CODES = new Set(['TS2322', 'TS2345', 'TS2739', 'TS2740', 'TS2741', 'TS2559']);
/** Lines searched upwards for the start of a chain split over lines (`new Router()\n  .on(...)`). */
const MAX_CONTINUATION_LINES = 6;

/**
 * Reads the source at an error position for the names it implicates:
 * the function called there (`formatUser(` at the column, or the call whose
 * arguments contain the column for argument errors), the declared type of
 * the receiver (`this.auth.getToken` → the type of `auth`), and for a local
 * variable at the column, the function that produced its value
 * (`const product = this.repository.findBySku(sku)` → `findBySku` and the
 * type of `repository`). Local variables themselves are never returned:
 * their definition is the error's own file.
 */
export function readErrorSite(source: string, line: number, column: number | undefined, failure: { code?: string; message: string; namesType?: boolean }): SiteName[] {
  const lines = source.split('\n', line);
  const text = lines[line - 1] ?? '';
  const reading = readErrorLine(text, column);
  const names: SiteName[] = [];
  const add = (name: string | null, role: IdentifierRole) => {
    if (name !== null && name !== 'this' && !names.some((known) => known.name === name)) names.push({ name, role });
  };
  const isArgumentError = failure.code !== undefined && ARGUMENT_ERROR_CODES.has(failure.code);
  // `Argument of type 'T | undefined' ... parameter of type 'T'`: the value got wider, so its producer changed, not the callee.
  const isWidenedValue = isNullabilityMismatch(failure.message);
  // A call whose value does not fit (`return fail(...)` where an Invoice is expected): either the
  // function's return type or the expected type changed; only a value that got wider blames the function.
  const producerRole: IdentifierRole = failure.code !== undefined && ASSIGNABILITY_CODES.has(failure.code) && !isWidenedValue ? 'error-line' : 'callee';
  // A message that names the type (`Property 'x' does not exist on type 'Note'`) has said what the
  // receiver is; inferring it again from the source could only add a wrong guess.
  const isTypeKnown = failure.namesType === true;
  const chain = reading.chain;
  const objectKey = chain.length === 1 && column !== undefined ? objectLiteralKeyAt(text, column, chain[0]!) : null;
  if (objectKey !== null) {
    // `{ updatedAt: now }` typed `Note`: the object's declared type owns the property; a value
    // that got wider (`string | null`) points at the function producing it instead.
    const valueCall = readErrorLine(objectKey.value, firstIdentifierColumn(objectKey.value));
    if (isWidenedValue && valueCall.isChainCalled && valueCall.chain.length > 0) addCall(valueCall.chain, true, line, text, 'callee');
    else if (!isTypeKnown) add(objectLiteralType(lines, line, column!), 'type');
  } else if (chain.length > 0) {
    const first = chain[0]!;
    const last = chain[chain.length - 1]!;
    if (first !== 'this' && isLocalBinding(source, first, line)) {
      // A local with an initializer: what produced it. A parameter: its declared type.
      const hasProducer = !isTypeKnown && addProducer(first);
      if (!hasProducer && chain.length > 1) addCall(chain, reading.isChainCalled, line, text, 'member');
      else if (chain.length > 1 && reading.isChainCalled) add(last, 'member');
    } else {
      addCall(chain, reading.isChainCalled, line, text, reading.isChainCalled ? producerRole : 'at-column');
    }
  }
  const component = jsxComponentAt(lines, line, column);
  if (component !== null) add(component, 'callee');
  if (reading.enclosingCall.length > 0) {
    const callee = reading.enclosingCall[reading.enclosingCall.length - 1]!;
    const isSuspect = isArgumentError && !isWidenedValue;
    if (isSuspect) addCall(reading.enclosingCall, true, line, text, 'callee');
    else if (!isLocalBinding(source, callee, line) && reading.enclosingCall.length === 1) add(callee, 'error-line');
  }
  return names;

  /**
   * A call or member access: with a known receiver type, the member is only
   * a member of that type (the type's file is the suspect); without one, a
   * plain function name is traced through the imports.
   */
  function addCall(callChain: readonly string[], isCalled: boolean, atLine: number, lineText: string, role: IdentifierRole): void {
    const last = callChain[callChain.length - 1]!;
    const type = isTypeKnown ? null : receiverType(callChain, source, atLine, lines, lineText);
    if (isTypeKnown && callChain.length > 1) {
      add(last, 'member');
      return;
    }
    if (type !== null) {
      add(type, 'type');
      add(last, 'member');
    } else {
      add(last, callChain.length > 1 ? (isCalled ? 'callee' : 'member') : role);
    }
  }

  /** `const x = this.repository.find(id)`: the producer of a local's value, and the type it is called on. False when there is none. */
  function addProducer(local: string): boolean {
    const initializer = localInitializerOf(source, local, line);
    if (initializer === null) return false;
    const produced = readErrorLine(initializer.text, firstIdentifierColumn(initializer.text));
    if (!produced.isChainCalled || produced.chain.length === 0) return false;
    addCall(produced.chain, true, initializer.line, initializer.text, 'callee');
    return true;
  }
}

/**
 * The JSX component whose tag holds the column (`<Button variant="x"`, also
 * when its attributes continue over several lines): props errors are about
 * its definition.
 */
function jsxComponentAt(lines: readonly string[], line: number, column: number | undefined): string | null {
  const text = lines[line - 1] ?? '';
  const before = column === undefined ? text : text.slice(0, column - 1 + 40);
  const onLine = [...before.matchAll(/<([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)[\s>/]/g)].pop();
  if (onLine) return onLine[1]!.split('.').pop()!;
  // An attribute line of a tag opened above: `  variant="x"`.
  if (!/^\s+[\w$-]+=/.test(text)) return null;
  for (let index = line - 2; index >= 0 && index >= line - 1 - MAX_CONTINUATION_LINES; index -= 1) {
    const opening = /<([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s*$|<([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s/.exec(lines[index] ?? '');
    if (opening) return (opening[1] ?? opening[2])!.split('.').pop()!;
    if (/[>;]\s*$/.test(lines[index] ?? '')) return null;
  }
  return null;
}

/** `key: value` in an object literal at `column`: the key and the value text, or null when the name there is no object key. */
function objectLiteralKeyAt(text: string, column: number, name: string): { value: string } | null {
  const start = text.indexOf(name, Math.max(0, column - 1 - name.length));
  if (start < 0) return null;
  const before = text.slice(0, start);
  const after = text.slice(start + name.length);
  const colon = /^\s*[?]?:\s*/.exec(after);
  if (!colon || !/(?:^|[{,])\s*$/.test(before)) return null;
  return { value: after.slice(colon[0].length) };
}

/** The declared type of the object literal around `column`: `const note: Note = {`, `): InvoiceRow {` a few lines up. */
function objectLiteralType(lines: readonly string[], line: number, column: number): string | null {
  const declaration = /:\s*([A-Z][\w$]*)(?:<[^>]*>)?\s*=\s*(?:\{|\[)|\)\s*:\s*([A-Z][\w$]*)(?:<[^>]*>)?\s*\{\s*$|\bsatisfies\s+([A-Z][\w$]*)|<([A-Z][\w$]*)>\s*\{/g;
  for (let index = line - 1; index >= 0 && index >= line - 1 - MAX_CONTINUATION_LINES; index -= 1) {
    const text = index === line - 1 ? (lines[index] ?? '').slice(0, column - 1) : (lines[index] ?? '');
    const found = [...text.matchAll(declaration)].pop();
    if (found) return (found[1] ?? found[2] ?? found[3] ?? found[4])!;
  }
  return null;
}

/** `Type 'User | undefined' is not assignable to type 'User'` and the like. */
function isNullabilityMismatch(message: string): boolean {
  const match = /(?:Argument of type|Type) '(.+?)' is not assignable to (?:parameter of )?type '(.+?)'/.exec(message);
  if (!match) return false;
  const hasNullish = (type: string) => /\b(?:undefined|null)\b/.test(type);
  return hasNullish(match[1]!) && !hasNullish(match[2]!);
}

/** The declared type of the object a member chain is called on, when it can be read from the file. */
function receiverType(chain: readonly string[], source: string, line: number, lines: readonly string[], lineText: string): string | null {
  if (chain.length === 1) return isContinuation(lineText, chain[0]!) ? continuationType(lines, line) : null;
  const first = chain[0]!;
  if (first === 'this') return chain.length >= 3 ? declaredTypeOf(source, chain[1]!, line) : null;
  if (chain.length !== 2) return null;
  // `Settings.load()`: a static call names its type.
  if (/^[A-Z]/.test(first) && !/^[A-Z0-9_]+$/.test(first)) return first;
  return declaredTypeOf(source, first, line);
}

/** A line that continues a chain: `    .on('GET', ...)`. */
function isContinuation(lineText: string, name: string): boolean {
  return new RegExp(`^\\s*[?]?\\.\\s*${name.replace(/[$]/g, '\\$')}\\b`).test(lineText);
}

/** The type a chain split over lines starts from: `new Router()` a few lines up. */
function continuationType(lines: readonly string[], line: number): string | null {
  for (let index = line - 2; index >= 0 && index >= line - 1 - MAX_CONTINUATION_LINES; index -= 1) {
    const text = lines[index] ?? '';
    if (/^\s*[?]?\./.test(text)) continue;
    return /\bnew\s+([A-Z][\w$]*)\s*\(/.exec(text)?.[1] ?? null;
  }
  return null;
}

function firstIdentifierColumn(text: string): number {
  return (text.search(/[A-Za-z_$]/) ?? 0) + 1;
}
