import { describe, expect, it } from 'vitest';
import { createRedactor } from './create-redactor.js';
import { isPlaceholderValue } from './is-placeholder-value.js';
import { classifySecretName, isSecretEnvironmentName } from './secret-name.js';

const redact = (text: string) => createRedactor({ env: {} }).redact(text).text;

/** A password-like value: no known token format, so only its name can give it away. */
const VALUE = 'S3cure-Pa55_x9';

describe('secret-named assignments', () => {
  it.each([
    ['.env', `DB_PASSWORD=${VALUE}`, 'DB_PASSWORD=[REDACTED:password]'],
    ['.env with export and quotes', `export API_KEY="${VALUE}"`, 'export API_KEY="[REDACTED:secret]"'],
    ['.env passphrase with spaces', 'SIGNING_PASSPHRASE="correct horse battery"', 'SIGNING_PASSPHRASE="[REDACTED:password]"'],
    ['.env letters-only value', 'SMTP_PASSWORD=mailserverpw', 'SMTP_PASSWORD=[REDACTED:password]'],
    ['.env with a comment', `JWT_SECRET=${VALUE} # rotate monthly`, 'JWT_SECRET=[REDACTED:secret] # rotate monthly'],
    ['Dockerfile ENV', `ENV NPM_AUTH_TOKEN=${VALUE}`, 'ENV NPM_AUTH_TOKEN=[REDACTED:secret]'],
    ['JSON', `{"database": {"password": "${VALUE}"}}`, '{"database": {"password": "[REDACTED:password]"}}'],
    ['JSON inside a JSON string', `"{\\"client_secret\\":\\"${VALUE}\\"}"`, '"{\\"client_secret\\":\\"[REDACTED:secret]\\"}"'],
    ['YAML', `db:\n  password: ${VALUE}\n`, 'db:\n  password: [REDACTED:password]\n'],
    ['YAML list item', `env:\n  - ACCESS_TOKEN: '${VALUE}'`, "env:\n  - ACCESS_TOKEN: '[REDACTED:secret]'"],
    ['TOML', `[smtp]\npassword = "${VALUE}"`, '[smtp]\npassword = "[REDACTED:password]"'],
    ['INI / properties', `spring.datasource.password=${VALUE}`, 'spring.datasource.password=[REDACTED:password]'],
    ['HTTP header', `X-Api-Key: ${VALUE}`, 'X-Api-Key: [REDACTED:secret]'],
    ['XML element', `<password>${VALUE}</password>`, '<password>[REDACTED:password]</password>'],
    ['XML attribute', `<add key="x" apiKey="${VALUE}"/>`, '<add key="x" apiKey="[REDACTED:secret]"/>'],
    ['TypeScript object', `const options = { clientSecret: '${VALUE}', port: 1 };`, "const options = { clientSecret: '[REDACTED:secret]', port: 1 };"],
    ['TypeScript annotation', `const adminPassword: string = "${VALUE}";`, 'const adminPassword: string = "[REDACTED:password]";'],
    ['Python keyword argument', `connect(user="app", password="${VALUE}")`, 'connect(user="app", password="[REDACTED:password]")'],
    ['Python byte string', `SECRET_KEY = b'${VALUE}'`, "SECRET_KEY = b'[REDACTED:secret]'"],
    ['Go', `\ttoken := "${VALUE}"`, '\ttoken := "[REDACTED:secret]"'],
    ['PHP / Ruby hash', `'api_key' => '${VALUE}',`, "'api_key' => '[REDACTED:secret]',"],
    ['query string', `GET /cb?state=1&access_token=${VALUE}&x=2`, 'GET /cb?state=1&access_token=[REDACTED:secret]&x=2'],
    ['command-line flag', `deploy --password=${VALUE} --verbose`, 'deploy --password=[REDACTED:password] --verbose'],
    ['connection string', `Server=db;User Id=sa;Password=${VALUE};`, 'Server=db;User Id=sa;Password=[REDACTED:password];'],
    ['weak name with a random value', 'CACHE_SIGNATURE_KEY=a81f9c2e77d04b1e', 'CACHE_SIGNATURE_KEY=[REDACTED:secret]'],
    ['a line after a non-secret setting', `TOKEN_NAME=ci PASSWORD=${VALUE}`, 'TOKEN_NAME=ci PASSWORD=[REDACTED:password]'],
    ['the value of a non-secret setting', `"tokenHint": "use password=${VALUE}"`, '"tokenHint": "use password=[REDACTED:password]"'],
  ])('redacts the value in %s', (_format, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    ['a placeholder', 'DB_PASSWORD=changeme'],
    ['an angle-bracket hint', 'API_KEY=<your-key>'],
    ['an environment reference', 'API_KEY=${API_KEY}'],
    ['a CI secret reference', 'token: ${{ secrets.GITHUB_TOKEN }}'],
    ['filler', 'password: xxx'],
    ['a "your ... here" hint', 'token = "your_token_here"'],
    ['a masked value', 'password: "********"'],
    ['an empty value', 'SECRET_KEY='],
    ['an expression', 'password = options.password ?? defaults.password;'],
    ['a member access', 'const token = this.token'],
    ['a call', 'api_key = os.environ["API_KEY"]'],
    ['a TypeScript type', '  password: string;'],
    ['a comparison', 'if (password == "letmein1") {'],
    ['a message', 'password: "Password is required"'],
    ['an identifier as a string', 'lastSignificantToken = "?InterpolationInTemplate";'],
    ['a version', '"js-tokens": "^8.0.2"'],
    ['a path', 'private_key = "/etc/ssl/private/server.key"'],
    ['the name itself', 'PASSWORD=password'],
    ['a non-secret name', 'TOKEN_URL=https://auth.internal/token'],
    ['a name ending in a qualifier', 'PASSWORD_MIN_LENGTH=12345678'],
    ['a weak name with a word', "const cacheKey = 'userProfileCache';"],
    ['a value in another script', 'token: "予期しないトークンです"'],
    ['YAML block scalar', 'password: |\n  S3cure-Pa55'],
  ])('leaves %s alone', (_case, text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('classifySecretName', () => {
  it.each([
    ['DB_PASSWORD', { kind: 'password', strength: 'strong' }],
    ['PGPASSWORD', { kind: 'password', strength: 'strong' }],
    ['stripeApiKey', { kind: 'secret', strength: 'strong' }],
    ['AWS_SECRET_ACCESS_KEY', { kind: 'secret', strength: 'strong' }],
    ['SECRET_KEY_BASE', { kind: 'secret', strength: 'strong' }],
    ['_authToken', { kind: 'secret', strength: 'strong' }],
    ['github-token', { kind: 'secret', strength: 'strong' }],
    ['CACHE_KEY', { kind: 'secret', strength: 'weak' }],
    ['_auth', { kind: 'secret', strength: 'weak' }],
    ['TOKEN_URL', undefined],
    ['PASSWORD_FILE', undefined],
    ['AWS_ACCESS_KEY_ID', undefined],
    ['key', undefined],
    ['monkey', undefined],
    ['tokenizer', undefined],
    ['bypass', undefined],
  ])('%s -> %j', (name, expected) => {
    expect(classifySecretName(name)).toEqual(expected);
  });

  it.each([
    ['GITHUB_TOKEN', true],
    ['DATABASE_URL', true],
    ['npm_config__authToken', true],
    ['PWD', false],
    ['SSH_AUTH_SOCK', false],
    ['XDG_SESSION_TYPE', false],
    ['PATH', false],
  ])('isSecretEnvironmentName(%s) is %s', (name, expected) => {
    expect(isSecretEnvironmentName(name)).toBe(expected);
  });
});

describe('isPlaceholderValue', () => {
  it.each(['changeme', '<your-key>', '${API_KEY}', '$API_KEY', 'xxx', 'XXXX-XXXX', 'your_token_here', 'YOUR_API_KEY', '%APPDATA%', '{{ token }}', 'null', 'example-key', '[REDACTED:password]'])(
    '%s is a placeholder',
    (value) => {
      expect(isPlaceholderValue(value)).toBe(true);
    },
  );

  it.each(['S3cure-Pa55_x9', '/NXJZ+XrQJ+1dGElpgb5p9uY6N', 'hunter2-prod', 'a81f9c2e77d04b1e'])('%s is not', (value) => {
    expect(isPlaceholderValue(value)).toBe(false);
  });
});
