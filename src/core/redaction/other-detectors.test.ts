import { describe, expect, it } from 'vitest';
import { FakeRandom, fakeJwt, fakePemKey } from '../../../test/support/fake-secrets.js';
import { createRedactor } from './create-redactor.js';
import { MAX_ENVIRONMENT_SECRETS, selectEnvironmentSecrets } from './detect-environment-values.js';

const random = new FakeRandom(5150);
const redact = (text: string) => createRedactor({ env: {} }).redact(text).text;

describe('name/value pairs', () => {
  it.each([
    ['a Kubernetes env list', '  - name: DB_PASSWORD\n    value: "S3cure-Pa55"\n  - name: LOG_LEVEL\n    value: debug1234', '  - name: DB_PASSWORD\n    value: "[REDACTED:password]"\n  - name: LOG_LEVEL\n    value: debug1234'],
    ['an ECS task definition', '{"name": "API_TOKEN", "value": "a81f9c2e77d04b1e"}', '{"name": "API_TOKEN", "value": "[REDACTED:secret]"}'],
  ])('redacts the value of a secret-named entry in %s', (_format, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each(['{"name": "API_TOKEN", "value": "${API_TOKEN}"}', '{"name": "API_TOKEN", "type": "string", "value": "a81f9c2e77d04b1e"}', 'name: SECRET_KEY\nother: 1\nvalue: a81f9c2e77d04b1e'])(
    'leaves %s alone',
    (text) => {
      expect(redact(text)).toBe(text);
    },
  );

  it('finds the pairs among many unpaired values, and no name further back than the pair gap', () => {
    const code = Array.from({ length: 40 }, (_unused, index) => `const value${index} = read(value); // value: ${index}`).join('\n');
    const pair = '  - name: DB_PASSWORD\n    value: "S3cure-Pa55"';
    const text = `name: here\n${code}\n${pair}\n${code}\n${pair}\n${code}`;
    expect(redact(text)).toBe(text.replaceAll('"S3cure-Pa55"', '"[REDACTED:password]"'));
    // A `name` entry more than 200 characters before the value does not pair with it.
    const far = `name: DB_PASSWORD\n${'x'.repeat(220)}\nvalue: "S3cure-Pa55"`;
    expect(redact(far)).toBe(far);
  });
});

describe('PEM private keys', () => {
  it('redacts an old encrypted key with its Proc-Type and DEK-Info headers', () => {
    const { bodyLines } = fakePemKey(random);
    const pem = ['-----BEGIN RSA PRIVATE KEY-----', 'Proc-Type: 4,ENCRYPTED', 'DEK-Info: AES-128-CBC,3F17F5316E2BAC89', '', ...bodyLines, '-----END RSA PRIVATE KEY-----'].join('\n');
    expect(redact(`key:\n${pem}\nend`)).toBe(`key:\n[REDACTED:private-key]${'\n'.repeat(pem.split('\n').length - 1)}\nend`);
  });

  it('redacts a key inside a JSON string, with escaped line breaks', () => {
    const { pem } = fakePemKey(random, 'PRIVATE KEY');
    expect(redact(JSON.stringify({ private_key: `${pem}\n`, client_email: 'bot@project.iam' }))).toBe('{"private_key":"[REDACTED:private-key]\\n","client_email":"bot@project.iam"}');
  });

  it('leaves certificates and public keys', () => {
    const certificate = fakePemKey(random, 'CERTIFICATE').pem;
    const publicKey = fakePemKey(random, 'PUBLIC KEY').pem;
    expect(redact(`${certificate}\n${publicKey}`)).toBe(`${certificate}\n${publicKey}`);
  });
});

describe('URL credentials', () => {
  it.each([
    ['postgres://app:S3cure-Pa55@db:5432/app', 'postgres://app:[REDACTED:url-password]@db:5432/app'],
    ['redis://:S3cure-Pa55@cache:6379/0', 'redis://:[REDACTED:url-password]@cache:6379/0'],
    ['git clone https://bot:S3cure-Pa55@git.internal/x.git', 'git clone https://bot:[REDACTED:url-password]@git.internal/x.git'],
    ['mongodb+srv://u:p%40ss-W0rd@cluster0/db', 'mongodb+srv://u:[REDACTED:url-password]@cluster0/db'],
  ])('redacts only the password of %s', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    'https://example.com:8080/path@version',
    'ssh://git@github.com/org/repo.git',
    'postgres://user:password@localhost/db',
    'postgres://user:${DB_PASSWORD}@localhost/db',
    'postgres://postgres:postgres@localhost/db',
    'mailto:someone@example.com',
  ])('leaves %s alone', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('Authorization headers', () => {
  it.each([
    ['Authorization: Basic dXNlcjpTM2N1cmUtUGE1NQ==', 'Authorization: Basic [REDACTED:authorization-header]'],
    ['-H "authorization: Bearer 9f8e7d6c5b4a39281706"', '-H "authorization: Bearer [REDACTED:authorization-header]"'],
    ['{"Proxy-Authorization": "Token a1b2c3d4e5f6a7b8"}', '{"Proxy-Authorization": "Token [REDACTED:authorization-header]"}'],
  ])('redacts the credential of %s', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each(['headers.Authorization = `Bearer ${token}`', 'Authorization: Bearer <token>', 'the Authorization header is required'])('leaves %s alone', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('JWTs', () => {
  it('redacts a token with an empty signature (alg none)', () => {
    const [header, payload] = fakeJwt(random).split('.');
    expect(redact(`id_token=${header}.${payload}.`)).toBe('id_token=[REDACTED:jwt]');
  });

  it('leaves dotted base64 that is not a JWT header', () => {
    const text = `eyJ${'notjson'.repeat(3)}.eyJ${'x1y2z3'.repeat(3)}.abc`;
    expect(redact(text)).toBe(text);
  });
});

describe('environment values', () => {
  it('selects values of secret-looking or named variables, with their URL-encoded and JSON-escaped forms', () => {
    const secrets = selectEnvironmentSecrets(
      { GITHUB_TOKEN: 'a/b"c+d=e1f2g3', LLM_CREDS_VAR: 'Zq8xL2mN4pR6', SHORT_TOKEN: 'abc123', PATH: '/usr/bin:/bin', DB_PASSWORD: 'changeme', SSH_AUTH_SOCK: '/tmp/ssh-x/agent.1' },
      ['LLM_CREDS_VAR'],
    );
    expect(secrets).toEqual([
      { name: 'GITHUB_TOKEN', value: 'a%2Fb%22c%2Bd%3De1f2g3' },
      { name: 'GITHUB_TOKEN', value: 'a/b\\"c+d=e1f2g3' },
      { name: 'GITHUB_TOKEN', value: 'a/b"c+d=e1f2g3' },
      { name: 'LLM_CREDS_VAR', value: 'Zq8xL2mN4pR6' },
    ]);
  });

  it('keeps at most MAX_ENVIRONMENT_SECRETS values', () => {
    const env = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`SERVICE_${index}_TOKEN`, `${random.chars('abcdefghij0123456789', 20)}`]));
    expect(selectEnvironmentSecrets(env)).toHaveLength(MAX_ENVIRONMENT_SECRETS);
  });

  it('redacts every occurrence, in every form', () => {
    const value = 'p4ss/w0rd+X"y';
    const redactor = createRedactor({ env: { DEPLOY_PASSWORD: value } });
    const text = `${value} and ${encodeURIComponent(value)} and ${JSON.stringify({ echoed: value })}`;
    expect(redactor.redact(text).text).toBe('[REDACTED:env:DEPLOY_PASSWORD] and [REDACTED:env:DEPLOY_PASSWORD] and {"echoed":"[REDACTED:env:DEPLOY_PASSWORD]"}');
  });
});
