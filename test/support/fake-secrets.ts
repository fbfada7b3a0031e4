/**
 * Realistic FAKE secrets for the redaction tests and bench/redaction.ts,
 * generated at run time from a seeded PRNG: no credential-shaped literal is
 * ever written in the repository (secret scanners would rightly flag it), and
 * none of these values was ever valid anywhere.
 */

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';
const ALNUM = UPPER + LOWER + DIGITS;
const BASE64URL = `${ALNUM}-_`;
const BASE64 = `${ALNUM}+/`;
/** Password characters that need no escaping in .env, YAML, JSON, TOML, code and XML. */
const PASSWORD_CHARS = `${ALNUM}!%^*-_.~@`;

/** A small seeded PRNG (mulberry32), so every run generates the same corpus. */
export class FakeRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = this.state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  }

  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `length` characters drawn from `alphabet`, always mixing letters and digits when the alphabet has both. */
  chars(alphabet: string, length: number): string {
    for (;;) {
      let text = '';
      for (let index = 0; index < length; index += 1) text += alphabet.charAt(Math.floor(this.next() * alphabet.length));
      const needsMix = /[0-9]/.test(alphabet) && /[A-Za-z]/.test(alphabet) && length >= 8;
      if (!needsMix || (/[0-9]/.test(text) && /[A-Za-z]/.test(text) && !/x{5}|X{5}|example/i.test(text))) return text;
    }
  }
}

function base64Url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (let index = 0; index < text.length; index += width) lines.push(text.slice(index, index + width));
  return lines;
}

/** One fake secret: the text to embed and the pieces that must not survive redaction. */
export interface FakeSecret {
  /** The generator, one per detector family. */
  detector: string;
  /** The kind the redactor should report. */
  kind: string;
  /** The secret as written where it is embedded. */
  value: string;
  /** Substrings of the secret that must all be gone after redaction (a PEM body's lines, or the value). */
  mustVanish: string[];
}

type Generator = (random: FakeRandom) => Omit<FakeSecret, 'detector'>;

const token = (kind: string, build: (random: FakeRandom) => string): Generator => (random) => {
  const value = build(random);
  return { kind, value, mustVanish: [value] };
};

/** A fake PEM private key block with a random body. */
export function fakePemKey(random: FakeRandom, label = 'RSA PRIVATE KEY', bodyChars = 1600): { pem: string; bodyLines: string[] } {
  const bodyLines = wrap(`MII${random.chars(BASE64, bodyChars - 3)}`, 64);
  const pem = [`-----BEGIN ${label}-----`, ...bodyLines, `-----END ${label}-----`].join('\n');
  return { pem, bodyLines };
}

/** A fake signed JWT with realistic claims. */
export function fakeJwt(random: FakeRandom): string {
  const header = base64Url(JSON.stringify({ alg: random.pick(['HS256', 'RS256', 'ES256']), typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ sub: random.chars(DIGITS, 10), name: 'Build Bot', iat: 1_700_000_000 + random.integer(0, 9_999_999) }));
  return `${header}.${payload}.${random.chars(BASE64URL, 43)}`;
}

/** Generators of every detector family, by family name. */
export const FAKE_SECRET_GENERATORS: Readonly<Record<string, Generator>> = {
  'aws-access-key-id': token('aws-access-key-id', (random) => random.pick(['AKIA', 'ASIA']) + random.chars(UPPER + DIGITS, 16)),
  'google-api-key': token('google-api-key', (random) => `AIza${random.chars(BASE64URL, 35)}`),
  'github-classic': token('github-token', (random) => random.pick(['ghp_', 'gho_', 'ghs_', 'ghu_']) + random.chars(ALNUM, 36)),
  'github-fine-grained': token('github-token', (random) => `github_pat_${random.chars(ALNUM, 22)}_${random.chars(ALNUM, 59)}`),
  'gitlab-token': token('gitlab-token', (random) => random.pick(['glpat-', 'glptt-']) + random.chars(BASE64URL, 20)),
  'npm-token': token('npm-token', (random) => `npm_${random.chars(ALNUM, 36)}`),
  'pypi-token': token('pypi-token', (random) => `pypi-AgEIcHlwaS5vcmc${random.chars(BASE64URL, 70)}`),
  'docker-hub-token': token('docker-hub-token', (random) => `dckr_pat_${random.chars(BASE64URL, 27)}`),
  'anthropic-api-key': token('anthropic-api-key', (random) => `sk-ant-api03-${random.chars(BASE64URL, 93)}AA`),
  'openai-api-key': token('openai-api-key', (random) =>
    random.pick([`sk-proj-${random.chars(BASE64URL, 120)}`, `sk-${random.chars(ALNUM, 20)}T3BlbkFJ${random.chars(ALNUM, 20)}`]),
  ),
  'groq-api-key': token('groq-api-key', (random) => `gsk_${random.chars(ALNUM, 52)}`),
  'huggingface-token': token('huggingface-token', (random) => `hf_${random.chars(ALNUM, 34)}`),
  'slack-token': token('slack-token', (random) => `${random.pick(['xoxb', 'xoxp'])}-${random.chars(DIGITS, 12)}-${random.chars(DIGITS, 13)}-${random.chars(ALNUM, 24)}`),
  'slack-webhook-url': token(
    'slack-webhook-url',
    (random) => `https://hooks.slack.com/services/T${random.chars(UPPER + DIGITS, 8)}/B${random.chars(UPPER + DIGITS, 10)}/${random.chars(ALNUM, 24)}`,
  ),
  'stripe-key': token('stripe-key', (random) => random.pick(['sk_live_', 'rk_live_', 'sk_test_']) + random.chars(ALNUM, 99)),
  'stripe-webhook-secret': token('stripe-webhook-secret', (random) => `whsec_${random.chars(ALNUM, 32)}`),
  'sendgrid-api-key': token('sendgrid-api-key', (random) => `SG.${random.chars(BASE64URL, 22)}.${random.chars(BASE64URL, 43)}`),
  jwt: token('jwt', fakeJwt),
  'private-key': (random) => {
    const { pem, bodyLines } = fakePemKey(random, random.pick(['RSA PRIVATE KEY', 'PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'EC PRIVATE KEY']));
    return { kind: 'private-key', value: pem, mustVanish: bodyLines };
  },
  'private-key-base64': (random) => {
    const { pem } = fakePemKey(random, random.pick(['RSA PRIVATE KEY', 'PRIVATE KEY']), 900);
    const encoded = Buffer.from(`${pem}\n`).toString('base64');
    return { kind: 'private-key', value: encoded, mustVanish: wrap(encoded, 76) };
  },
  'url-password': (random) => {
    const password = random.chars(`${ALNUM}-_.~`, random.integer(10, 24));
    const scheme = random.pick(['postgres', 'mysql', 'mongodb+srv', 'redis', 'amqp', 'https']);
    return { kind: 'url-password', value: `${scheme}://svc_${random.chars(LOWER, 5)}:${password}@db-${random.chars(LOWER + DIGITS, 6)}.internal:5432/app`, mustVanish: [password] };
  },
  'authorization-header': token('authorization-header', (random) => random.chars(`${ALNUM}._-`, random.integer(24, 64))),
  password: token('password', (random) => random.chars(PASSWORD_CHARS, random.integer(10, 22))),
  'generic-secret': token('secret', (random) => random.chars(random.pick([ALNUM, HEX, BASE64URL]), random.integer(24, 64))),
};

/** Families whose value is a bare token that can appear anywhere (log line, comment, string). */
export const FORMAT_FAMILIES: readonly string[] = Object.keys(FAKE_SECRET_GENERATORS).filter(
  (family) => !['private-key', 'private-key-base64', 'url-password', 'authorization-header', 'password', 'generic-secret'].includes(family),
);

/** Builds one fake secret of a family. */
export function fakeSecret(random: FakeRandom, family: string): FakeSecret {
  const generator = FAKE_SECRET_GENERATORS[family];
  if (generator === undefined) throw new Error(`unknown fake secret family ${family}`);
  return { detector: family, ...generator(random) };
}

/** A text holding a fake secret, and where it came from. */
export interface FakeSecretSample {
  secret: FakeSecret;
  /** `code`, `config` or `log`, and the template name. */
  setting: string;
  text: string;
}

const indent = (text: string, prefix: string) => text.split('\n').map((line) => prefix + line).join('\n');

/** Templates that embed a bare token (no secret-looking name next to it). */
const BARE_TEMPLATES: readonly [setting: string, render: (value: string) => string][] = [
  ['log/plain', (value) => `2024-05-14T09:12:44.118Z INFO  upload finished using ${value} (412 ms)`],
  ['log/json', (value) => JSON.stringify({ level: 'debug', msg: 'calling upstream', ref: value, attempt: 2 })],
  ['log/stack', (value) => `Error: request rejected for ${value}\n    at fetchJson (src/http.ts:41:11)\n    at async main (src/index.ts:12:3)`],
  ['code/ts', (value) => `export const client = createClient({ baseUrl: 'https://api.internal', ref: '${value}' });`],
  ['code/python', (value) => `client = Client(base_url="https://api.internal", ref="${value}")`],
  ['code/comment', (value) => `// temporary, rotate after the demo: ${value}`],
  ['config/yaml', (value) => `upstream:\n  url: https://api.internal\n  ref: ${value}\n`],
  ['config/shell', (value) => `curl -s -X POST https://api.internal/v1/jobs -d '{"ref":"${value}"}'`],
];

/** Templates that embed a value under a secret-looking name. */
const NAMED_TEMPLATES: readonly [setting: string, render: (value: string, kind: string) => string][] = [
  ['config/dotenv', (value, kind) => `NODE_ENV=production\n${kind === 'password' ? 'DB_PASSWORD' : 'PAYMENTS_API_KEY'}=${value}\nPORT=3000\n`],
  ['config/dotenv-quoted', (value, kind) => `export ${kind === 'password' ? 'SMTP_PASSWORD' : 'WEBHOOK_SECRET'}="${value}"`],
  ['config/json', (value, kind) => JSON.stringify({ database: { host: 'db', [kind === 'password' ? 'password' : 'apiKey']: value } }, null, 2)],
  ['config/yaml', (value, kind) => `services:\n  db:\n    environment:\n      ${kind === 'password' ? 'POSTGRES_PASSWORD' : 'ACCESS_TOKEN'}: ${value}\n`],
  ['config/toml', (value, kind) => `[database]\nhost = "db"\n${kind === 'password' ? 'password' : 'secret_key'} = "${value}"\n`],
  ['config/xml', (value, kind) => `<server>\n  <id>releases</id>\n  <${kind === 'password' ? 'password' : 'token'}>${value}</${kind === 'password' ? 'password' : 'token'}>\n</server>`],
  ['code/ts', (value, kind) => `const ${kind === 'password' ? 'adminPassword' : 'signingSecret'} = '${value}';`],
  ['code/python', (value, kind) => `${kind === 'password' ? 'DB_PASSWORD' : 'API_TOKEN'} = "${value}"`],
  ['code/go', (value, kind) => `\t${kind === 'password' ? 'password' : 'authToken'} := "${value}"`],
  ['log/kv', (value, kind) => `level=warn msg="retrying login" user=deploy ${kind === 'password' ? 'password' : 'token'}=${value} attempt=3`],
  ['config/k8s-env', (value, kind) => `        env:\n          - name: ${kind === 'password' ? 'DB_PASSWORD' : 'STRIPE_API_KEY'}\n            value: "${value}"\n`],
  ['config/ecs-json', (value, kind) => JSON.stringify({ environment: [{ name: 'NODE_ENV', value: 'production' }, { name: kind === 'password' ? 'ADMIN_PASSWORD' : 'SESSION_SECRET', value }] }, null, 2)],
];

/**
 * The bench and test corpus: every family in several code, config and log
 * settings. Format tokens go in bare templates and named ones; passwords and
 * generic secrets only in named ones (nothing else could find them); PEM
 * keys, URLs and headers in their own natural settings.
 */
export function buildFakeSecretCorpus(seed: number): { samples: FakeSecretSample[]; env: Record<string, string> } {
  const random = new FakeRandom(seed);
  const samples: FakeSecretSample[] = [];
  const env: Record<string, string> = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/home/dev', LANG: 'C.UTF-8' };
  const add = (secret: FakeSecret, setting: string, text: string) => samples.push({ secret, setting, text });
  for (const family of FORMAT_FAMILIES) {
    for (const [setting, render] of BARE_TEMPLATES) {
      const secret = fakeSecret(random, family);
      add(secret, setting, render(secret.value));
    }
    const named = fakeSecret(random, family);
    const [setting, render] = random.pick(NAMED_TEMPLATES);
    add(named, setting, render(named.value, 'secret'));
  }
  for (const family of ['password', 'generic-secret']) {
    for (const [setting, render] of NAMED_TEMPLATES) {
      const secret = fakeSecret(random, family);
      add(secret, setting, render(secret.value, secret.kind));
    }
  }
  for (let index = 0; index < 4; index += 1) {
    const key = fakeSecret(random, 'private-key');
    add(key, 'config/pem-file', `${key.value}\n`);
    add(key, 'config/service-account-json', JSON.stringify({ type: 'service_account', project_id: 'demo-project', private_key: `${key.value}\n` }, null, 2));
    add(key, 'config/yaml-block', `apiVersion: v1\nkind: Secret\nstringData:\n  tls.key: |\n${indent(key.value, '    ')}\n`);
    add(key, 'code/ts-template', `const privateKey = \`${key.value}\`;\nsign(payload, privateKey);`);
    const encoded = fakeSecret(random, 'private-key-base64');
    add(encoded, 'config/k8s-secret', `apiVersion: v1\nkind: Secret\ndata:\n  tls.key: ${encoded.value}\n`);
    add(encoded, 'log/base64-wrapped', `$ base64 deploy.pem\n${wrap(encoded.value, 76).join('\n')}\n$ `);
  }
  for (let index = 0; index < 6; index += 1) {
    const url = fakeSecret(random, 'url-password');
    add(url, 'config/dotenv-url', `DATABASE_URL_FALLBACK=${url.value}\n`);
    add(url, 'log/url', `[db] connect ECONNREFUSED ${url.value} (retry 2/5)`);
    add(url, 'code/url', `const pool = new Pool({ connectionString: "${url.value}" });`);
    const header = fakeSecret(random, 'authorization-header');
    add(header, 'log/curl', `> GET /v2/builds HTTP/1.1\n> Host: ci.internal\n> Authorization: Bearer ${header.value}\n> Accept: */*`);
    add(header, 'code/fetch', `await fetch(url, { headers: { Authorization: "token ${header.value}" } });`);
  }
  const environmentTemplates: readonly [setting: string, render: (value: string) => string][] = [
    ['log/echo', (value) => `+ echo "publishing with $NPM_TOKEN"\npublishing with ${value}`],
    ['log/env-dump', (value) => `CI=true\nRUNNER_OS=Linux\nDEPLOY_KEY_ECHO=${value}\n`],
    ['log/error', (value) => `FATAL: authentication failed: upstream said "bad credential ${encodeURIComponent(value)}"`],
    ['code/json-output', (value) => JSON.stringify({ ok: false, stderr: `login ${value} rejected` })],
  ];
  for (let index = 0; index < 12; index += 1) {
    const name = `${random.pick(['ACME', 'INTERNAL', 'RELEASE', 'STAGING'])}_${random.pick(['DEPLOY_TOKEN', 'API_KEY', 'CLIENT_SECRET', 'DB_PASSWORD'])}_${index}`;
    const value = random.chars(`${ALNUM}-_+/=`, random.integer(16, 40));
    env[name] = value;
    const [setting, render] = environmentTemplates[index % environmentTemplates.length]!;
    add({ detector: 'environment-value', kind: `env:${name}`, value, mustVanish: [value] }, setting, render(value));
  }
  return { samples, env };
}
