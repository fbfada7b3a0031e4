/**
 * Name segments that mark a variable as a secret. A name is split into
 * segments on `_` (and any other non-alphanumeric character, and lower-to-upper
 * case changes), and matched case-insensitively, so `DB_PASS` and
 * `npm_config__authToken` are caught while `PATH`, `PWD` and `KEYTIMEOUT` are not.
 */
const SECRET_NAME_SEGMENTS: ReadonlySet<string> = new Set([
  'KEY',
  'KEYS',
  'APIKEY',
  'ACCESSKEY',
  'SECRETKEY',
  'TOKEN',
  'TOKENS',
  'AUTHTOKEN',
  'SECRET',
  'SECRETS',
  'PASSWORD',
  'PASSWORDS',
  'PASSWD',
  'PASS',
  'PASSPHRASE',
  'CREDENTIAL',
  'CREDENTIALS',
  'CREDS',
  'AUTH',
  'PRIVATE',
  'SESSION',
  'COOKIE',
  'COOKIES',
]);

/**
 * Well-known secret variables, listed by full name. Most are also caught by
 * their segments; the list documents intent and catches the ones that are not
 * (`PGPASSWORD`, `MYSQL_PWD`, `DATABASE_URL` which usually embeds a password).
 *
 * `SSH_AUTH_SOCK` is dropped on purpose: a command the agent runs must not use
 * the user's SSH agent (push, sign, log in to servers) without being told to;
 * list it in `passEnv` to allow it.
 */
export const KNOWN_SECRET_VARIABLES: readonly string[] = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'BRASS_LLM_API_KEY',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'NPM_TOKEN',
  'NODE_AUTH_TOKEN',
  'HF_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'PGPASSWORD',
  'MYSQL_PWD',
  'DATABASE_URL',
  'SSH_AUTH_SOCK',
];

const KNOWN_SECRET_SET: ReadonlySet<string> = new Set(KNOWN_SECRET_VARIABLES);

/**
 * Variables that change what a command's paths mean or run code at shell
 * start-up (`cd x` through CDPATH, BASH_ENV/ENV sourced by `bash -c`/`sh -c`):
 * the permission check could not see them, so commands never inherit them.
 */
export const PATH_CHANGING_VARIABLES: ReadonlySet<string> = new Set(['CDPATH', 'BASH_ENV', 'ENV']);

/** Splits a variable name into upper-cased segments (`dbPass_KEY` -> `DB`, `PASS`, `KEY`). */
function splitNameSegments(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.toUpperCase());
}

/**
 * Whether a variable name looks like it holds a secret: a known secret name,
 * or a name with a secret segment (KEY, TOKEN, SECRET, PASSWORD, PASSWD, PASS,
 * CREDENTIAL, AUTH, PRIVATE, SESSION, COOKIE and close variants).
 */
export function isSecretVariableName(name: string): boolean {
  if (KNOWN_SECRET_SET.has(name.toUpperCase())) return true;
  return splitNameSegments(name).some((segment) => SECRET_NAME_SEGMENTS.has(segment));
}

/**
 * Returns a copy of `env` without the variables whose names look secret,
 * except those listed in `passEnv` (exact, case-sensitive names, as POSIX
 * environments are). Variables with an `undefined` value are left out.
 *
 * `secretVariables` are secret whatever their names (the variable
 * `llm.apiKeyEnv` names): they are always dropped, `passEnv` or not, so the
 * model's key never reaches a command the model can read the output of.
 *
 * @example
 * scrubEnvironment({ PATH: '/bin', GITHUB_TOKEN: 'x' }, []) // { PATH: '/bin' }
 * scrubEnvironment({ PATH: '/bin', GITHUB_TOKEN: 'x' }, ['GITHUB_TOKEN']) // both kept
 * scrubEnvironment({ PATH: '/bin', CORP_LLM: 'x' }, ['CORP_LLM'], ['CORP_LLM']) // { PATH: '/bin' }
 */
export function scrubEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  passEnv: readonly string[],
  secretVariables: readonly string[] = [],
): Record<string, string> {
  const passed = new Set(passEnv);
  const alwaysSecret = new Set(secretVariables);
  const scrubbed: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (PATH_CHANGING_VARIABLES.has(name) || alwaysSecret.has(name)) continue;
    if (!passed.has(name) && isSecretVariableName(name)) continue;
    scrubbed[name] = value;
  }
  return scrubbed;
}
