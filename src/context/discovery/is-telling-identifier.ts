/** Identifiers shorter than this say too little to search for. */
export const MIN_IDENTIFIER_LENGTH = 3;

// Language builtins, standard library types and words every codebase is full of:
// searching them finds everything, and their definition is never in the workspace.
// Case matters: `item` is noise, a domain type `Item` is not.
const NOISE = new Set(
  [
    // TypeScript and JavaScript
    'any', 'unknown', 'never', 'void', 'null', 'undefined', 'string', 'number', 'boolean', 'bigint', 'symbol', 'object',
    'true', 'false', 'this', 'super', 'new', 'typeof', 'keyof', 'readonly', 'const', 'let', 'var', 'function', 'return',
    'async', 'await', 'import', 'export', 'default', 'from', 'class', 'interface', 'type', 'enum', 'extends', 'implements',
    'Object', 'Function', 'Array', 'ReadonlyArray', 'String', 'Number', 'Boolean', 'Symbol', 'BigInt', 'Promise', 'PromiseLike',
    'Map', 'Set', 'WeakMap', 'WeakSet', 'Date', 'RegExp', 'JSON', 'Math', 'Record', 'Partial', 'Required', 'Readonly', 'Pick',
    'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Parameters', 'InstanceType', 'Awaited', 'Iterable', 'Iterator',
    'AsyncIterable', 'Generator', 'Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'AssertionError',
    'Buffer', 'Uint8Array', 'ArrayBuffer', 'console', 'process', 'require', 'module', 'exports', 'window', 'document',
    'globalThis', 'length', 'prototype', 'constructor', 'toString', 'valueOf', 'then', 'catch', 'finally', 'expected',
    'received', 'actual', 'value', 'values', 'key', 'keys', 'name', 'data', 'args', 'error', 'result', 'index', 'item', 'items',
    'test', 'describe', 'expect', 'toBe', 'toEqual', 'toStrictEqual', 'toThrow', 'assert', 'equal', 'strictEqual', 'deepEqual',
    'equality', 'node', 'npm', 'pnpm', 'yarn', 'src', 'lib', 'dist', 'index', 'main', 'http', 'https', 'utf8',
    // React and the DOM
    'IntrinsicAttributes', 'IntrinsicElements', 'JSX', 'Element', 'ReactNode', 'ReactElement', 'HTMLElement', 'HTMLDivElement',
    'Props', 'props', 'children', 'className', 'key', 'ref', 'React', 'FC', 'ComponentProps', 'PropsWithChildren',
    // Python
    'None', 'True', 'False', 'self', 'cls', 'str', 'int', 'float', 'bool', 'dict', 'list', 'tuple', 'set', 'bytes', 'object',
    'Exception', 'ValueError', 'KeyError', 'AttributeError', 'ImportError', 'ModuleNotFoundError', 'NameError', 'assert',
    // Go and Rust
    'nil', 'err', 'int64', 'int32', 'uint', 'uint64', 'float64', 'float32', 'byte', 'rune', 'error', 'usize', 'isize', 'u8',
    'u16', 'u32', 'u64', 'i32', 'i64', 'f32', 'f64', 'Self', 'Vec', 'Option', 'Some', 'Result', 'Box', 'Rc', 'Arc', 'HashMap',
    'String', 'str', 'crate', 'impl', 'mut', 'pub', 'self',
  ],
);

/**
 * Whether an identifier is worth searching for and ranking by: long enough,
 * not a language builtin or a word every codebase is full of, not a number.
 */
export function isTellingIdentifier(name: string): boolean {
  if (name.length < MIN_IDENTIFIER_LENGTH || name.length > 100) return false;
  if (/^\d/.test(name) || /^_+$/.test(name)) return false;
  return !NOISE.has(name);
}
