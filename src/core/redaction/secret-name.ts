/** How a name that says "secret" is read, and so how much its value must look like one. */
export interface SecretNameClass {
  /** `password` for password-like names, `secret` for keys, tokens and the rest. */
  kind: 'password' | 'secret';
  /**
   * `strong`: the name alone says secret (`DB_PASSWORD`, `apiKey`, `token`);
   * `weak`: it may well not be (`CACHE_KEY`, `auth`), so the value must look random.
   */
  strength: 'strong' | 'weak';
}

const PASSWORD_WORDS: ReadonlySet<string> = new Set(['PASSWORD', 'PASSWORDS', 'PASSWD', 'PWD', 'PASS', 'PASSPHRASE']);

const SECRET_WORDS: ReadonlySet<string> = new Set([
  'SECRET', 'SECRETS', 'TOKEN', 'TOKENS', 'APIKEY', 'APIKEYS', 'CREDENTIAL', 'CREDENTIALS', 'ACCESSKEY', 'SECRETKEY',
  'PRIVATEKEY', 'AUTHTOKEN', 'ACCESSTOKEN', 'REFRESHTOKEN', 'APITOKEN', 'CLIENTSECRET', 'AUTHKEY',
]);

/** Words that make a following `KEY` a credential: `API_KEY`, `signingKey`, `AccountKey`. */
const KEY_QUALIFIERS: ReadonlySet<string> = new Set([
  'API', 'ACCESS', 'SECRET', 'PRIVATE', 'PRIV', 'CLIENT', 'AUTH', 'SIGNING', 'SIGN', 'ENCRYPTION', 'ENCRYPT', 'DECRYPTION',
  'CRYPTO', 'MASTER', 'LICENSE', 'ACCOUNT', 'APP', 'APPLICATION', 'WEBHOOK', 'DEPLOY', 'SSH', 'GPG', 'PGP', 'HMAC', 'JWT',
  'SESSION', 'SERVER', 'ADMIN', 'SERVICE', 'SUBSCRIPTION', 'INGEST', 'SDK', 'WRITE', 'RSA', 'AES', 'SHARED', 'ROOT',
]);

/** Trailing words that keep the meaning of the word before them: `API_KEY_VALUE`, `SECRET_KEY_BASE`. */
const NEUTRAL_SUFFIXES: ReadonlySet<string> = new Set([
  'VALUE', 'STR', 'STRING', 'B64', 'BASE64', 'BASE', 'HEX', 'RAW', 'PLAIN', 'PLAINTEXT', 'CLEAR', 'CLEARTEXT',
]);

/** Lower-case glued names: `dbpassword`, `PGPASSWORD`, `clientsecret`, `apitoken`. */
const GLUED_PASSWORD = /(?:PASSWORD|PASSWD|PASSPHRASE)$/;
const GLUED_SECRET = /(?:SECRET|TOKEN|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY|CREDENTIALS)$/;

/** Splits a name into upper-cased words: `db.adminPassword_2` -> DB, ADMIN, PASSWORD. */
export function splitNameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.toUpperCase().replace(/[0-9]+$/, ''))
    .filter((word) => word.length > 0);
}

/**
 * Whether a variable, key or property name says its value is a secret, and
 * how strongly. The last word decides (`PASSWORD_FILE` holds a path, not a
 * password), after dropping neutral suffixes such as `_VALUE`.
 *
 * @example
 * classifySecretName('DB_PASSWORD') // { kind: 'password', strength: 'strong' }
 * classifySecretName('stripeApiKey') // { kind: 'secret', strength: 'strong' }
 * classifySecretName('CACHE_KEY') // { kind: 'secret', strength: 'weak' }
 * classifySecretName('TOKEN_URL') // undefined
 */
export function classifySecretName(name: string): SecretNameClass | undefined {
  const words = splitNameWords(name);
  while (words.length > 1 && NEUTRAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  const last = words[words.length - 1];
  if (last === undefined) return undefined;
  const previous = words[words.length - 2];
  if (PASSWORD_WORDS.has(last) || GLUED_PASSWORD.test(last)) return { kind: 'password', strength: 'strong' };
  if (SECRET_WORDS.has(last) || GLUED_SECRET.test(last)) return { kind: 'secret', strength: 'strong' };
  if ((last === 'KEY' || last === 'KEYS') && previous !== undefined) {
    return { kind: 'secret', strength: KEY_QUALIFIERS.has(previous) ? 'strong' : 'weak' };
  }
  if (last === 'AUTH') return { kind: 'secret', strength: 'weak' };
  return undefined;
}

/** Variables whose value is secret though their name does not say so. */
const KNOWN_SECRET_VARIABLES: ReadonlySet<string> = new Set(['DATABASE_URL', 'MYSQL_PWD', 'PGPASSWORD', 'REDIS_URL', 'MONGODB_URI', 'MONGO_URL']);

/**
 * Whether an environment variable's value should be treated as a secret: its
 * name says so (see classifySecretName) or it is a well-known secret variable
 * (`DATABASE_URL`, `PGPASSWORD`, ...). `PWD` is not: it is the working directory.
 */
export function isSecretEnvironmentName(name: string): boolean {
  if (name === 'PWD' || name === 'OLDPWD') return false;
  return KNOWN_SECRET_VARIABLES.has(name.toUpperCase()) || classifySecretName(name) !== undefined;
}
