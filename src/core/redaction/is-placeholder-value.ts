/**
 * Whole values that stand for a secret without being one: documentation
 * defaults, type names, JSON literals and the usual demo passwords.
 */
const PLACEHOLDER_WORDS: ReadonlySet<string> = new Set([
  'password', 'passwd', 'pass', 'passphrase', 'pwd', 'secret', 'secrets', 'token', 'key', 'apikey', 'api_key', 'api-key',
  'auth', 'credential', 'credentials', 'changeme', 'value', 'string', 'str', 'text', 'number', 'boolean', 'bool', 'object',
  'any', 'unknown', 'never', 'void', 'null', 'none', 'nil', 'undefined', 'true', 'false', 'yes', 'no', 'on', 'off', 'empty',
  'default', 'required', 'optional', 'admin', 'root', 'user', 'username', 'guest', 'test', 'testing', 'demo', 'foo', 'bar',
  'baz', 'qux', 'foobar', 'abc', 'abc123', '123456', '12345678', 'password1', 'password123', 'secret123', 'mypassword',
  'mysecret', 'mytoken', 'yourpassword', 'yoursecret', 'yourtoken', 'letmein', 'qwerty', 'postgres', 'mysql', 'example',
  'sample', 'dummy', 'placeholder', 'hidden', 'masked', 'omitted', 'removed', 'notset', 'not-set', 'unset', 'tbd', 'todo',
]);

/** Pieces that mark a value as a placeholder wherever they appear in it. */
const PLACEHOLDER_FRAGMENTS: readonly string[] = [
  'xxxx', 'example', 'placeholder', 'changeme', 'change_me', 'change-me', 'changeit', 'replace_me', 'replace-me', 'replaceme',
  'dummy', 'your_', 'your-', 'yourkey', 'yourtoken', 'yoursecret', 'yourpassword', 'your key', 'your token', '_here', '-here',
  'redacted', 'insert_', 'insert-', 'fixme', '${', '{{', '}}', '#{', '%(', '<%',
];

/** References to a value kept elsewhere: an environment lookup, a template, a vault reference. */
const REFERENCE_PATTERN = /^(?:\$|process\.env|import\.meta\.env|os\.environ|os\.getenv|env\.|env\[|ENV\[|getenv|secrets\.|vault:|op:\/\/|ref\+)|^%[A-Za-z_]\w*%$|^:[A-Za-z_]\w*$/;

/**
 * A filesystem path: `/run/secrets/db`, `~/.ssh/id_ed25519`, `./key.pem`,
 * `C:\keys\a.pfx`. A leading slash alone is not enough: base64 secrets can
 * start with one, so a path needs two separators or a file extension and
 * no `+` or `=`.
 */
function looksLikePath(value: string): boolean {
  if (/^[A-Za-z]:\\/.test(value)) return true;
  if (!/^(?:~|\.{1,2})?\/[\w.@-]*(?:\/[\w.@-]*)*$/.test(value)) return false;
  return value.split('/').length > 2 || /\.[A-Za-z0-9]{1,8}$/.test(value);
}

/** A version or version range (`^8.0.2`, `>=1.2`, `v20.19.0`), as package manifests assign to `js-tokens`. */
const VERSION_PATTERN = /^[\^~<>=v]{0,3}\d+(?:\.[\dx*]+){1,3}(?:-[\w.]+)?$/;

/** Separators ignored when comparing a value with its name or looking for a single repeated character. */
const SEPARATORS = /[-_.\s]/g;

/**
 * Whether `value` is an obvious placeholder rather than a secret: empty, a
 * reference (`${API_KEY}`, `$TOKEN`, `process.env.X`, `{{ secrets.X }}`), an
 * angle-bracket hint (`<your-key>`), a masked or filler value (`xxx`,
 * `********`), a demo word (`changeme`, `your_token_here`, `example`), a
 * type or literal (`string`, `null`, `true`), a path, a version, or the variable's own
 * name (`PASSWORD=password`).
 *
 * @example
 * isPlaceholderValue('${API_KEY}') // true
 * isPlaceholderValue('hunter2-Prod') // false
 */
export function isPlaceholderValue(value: string, name?: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length === 0) return true;
  const lower = trimmed.toLowerCase();
  if (PLACEHOLDER_WORDS.has(lower)) return true;
  if (REFERENCE_PATTERN.test(trimmed) || looksLikePath(trimmed) || VERSION_PATTERN.test(trimmed)) return true;
  if (trimmed.startsWith('<') && trimmed.endsWith('>')) return true;
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) return true;
  if (trimmed.startsWith('{') && trimmed.endsWith('}')) return true;
  // A hint in angle brackets anywhere: `eyJ<header>.eyJ<payload>`, `sk-<key>`.
  if (/<[A-Za-z][\w -]{0,40}>/.test(trimmed)) return true;
  if (PLACEHOLDER_FRAGMENTS.some((fragment) => lower.includes(fragment))) return true;
  const compact = lower.replace(SEPARATORS, '');
  if (compact.length === 0 || /^(.)\1*$/.test(compact) || /^x+$/.test(compact)) return true;
  if (name !== undefined && compact === name.toLowerCase().replace(SEPARATORS, '')) return true;
  return false;
}
