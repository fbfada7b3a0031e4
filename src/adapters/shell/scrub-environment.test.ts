import { describe, expect, it } from 'vitest';
import { isSecretVariableName, scrubEnvironment } from './scrub-environment.js';

describe('isSecretVariableName', () => {
  const cases: Array<[name: string, isSecret: boolean]> = [
    ['PATH', false],
    ['HOME', false],
    ['PWD', false],
    ['LANG', false],
    ['NODE_OPTIONS', false],
    ['KEYTIMEOUT', false],
    ['MONKEY_COUNT', false],
    ['PASSTHROUGH_MODE', false],
    ['CI', false],
    ['OPENAI_API_KEY', true],
    ['ANTHROPIC_API_KEY', true],
    ['BRASS_LLM_API_KEY', true],
    ['GITHUB_TOKEN', true],
    ['NPM_TOKEN', true],
    ['AWS_SECRET_ACCESS_KEY', true],
    ['AWS_SESSION_TOKEN', true],
    ['DB_PASS', true],
    ['DB_PASSWORD', true],
    ['SMTP_PASSWD', true],
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['BASIC_AUTH', true],
    ['SSH_AUTH_SOCK', true],
    ['JWT_PRIVATE_PEM', true],
    ['XDG_SESSION_ID', true],
    ['COOKIE_JAR', true],
    ['my_secret', true],
    ['npm_config__authToken', true],
    ['stripeApiKey', true],
    ['PGPASSWORD', true],
    ['MYSQL_PWD', true],
    ['DATABASE_URL', true],
  ];

  it.each(cases)('%s -> secret: %s', (name, isSecret) => {
    expect(isSecretVariableName(name)).toBe(isSecret);
  });
});

describe('scrubEnvironment', () => {
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: '/home/user',
    GITHUB_TOKEN: 'ghp_secret',
    DB_PASS: 'hunter2',
    SSH_AUTH_SOCK: '/tmp/agent.sock',
    EMPTY: '',
    UNSET: undefined,
  };

  const cases: Array<{ title: string; passEnv: string[]; expected: Record<string, string> }> = [
    {
      title: 'drops secrets and undefined values, keeps the rest',
      passEnv: [],
      expected: { PATH: '/usr/bin:/bin', HOME: '/home/user', EMPTY: '' },
    },
    {
      title: 'keeps secrets listed in passEnv',
      passEnv: ['GITHUB_TOKEN', 'SSH_AUTH_SOCK'],
      expected: { PATH: '/usr/bin:/bin', HOME: '/home/user', EMPTY: '', GITHUB_TOKEN: 'ghp_secret', SSH_AUTH_SOCK: '/tmp/agent.sock' },
    },
    {
      title: 'matches passEnv names exactly (case-sensitive)',
      passEnv: ['github_token'],
      expected: { PATH: '/usr/bin:/bin', HOME: '/home/user', EMPTY: '' },
    },
  ];

  it.each(cases)('$title', ({ passEnv, expected }) => {
    expect(scrubEnvironment(env, passEnv)).toEqual(expected);
  });

  it('does not modify its input', () => {
    const input = { PATH: '/bin', NPM_TOKEN: 'x' };
    scrubEnvironment(input, []);
    expect(input).toEqual({ PATH: '/bin', NPM_TOKEN: 'x' });
  });

  it('never passes variables that change what paths mean or run code at shell start-up, even when asked', () => {
    expect(scrubEnvironment({ PATH: '/bin', CDPATH: '/etc', BASH_ENV: '/tmp/x.sh', ENV: '/tmp/y.sh' }, ['CDPATH', 'BASH_ENV', 'ENV'])).toEqual({ PATH: '/bin' });
  });

  it('always drops the variables named as secret (llm.apiKeyEnv), whatever their names, even when passEnv lists them', () => {
    expect(scrubEnvironment({ PATH: '/bin', MYCORP_GATEWAY: 'key-value' }, ['MYCORP_GATEWAY'], ['MYCORP_GATEWAY'])).toEqual({ PATH: '/bin' });
  });
});
