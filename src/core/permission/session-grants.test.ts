import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../services/permission.js';
import { SessionGrants, operationHash } from './session-grants.js';

const base: PermissionRequest = { action: 'shell.run', access: 'execute', tool: 'shell', paths: ['.', 'src'], outOfScopePaths: ['/etc/a', '/etc/b'], argv: ['cat', '/etc/a', '/etc/b'] };

describe('operationHash', () => {
  it('is the same for the same operation, whatever the order of its path lists', () => {
    expect(operationHash({ ...base, paths: ['src', '.'], outOfScopePaths: ['/etc/b', '/etc/a'] })).toBe(operationHash(base));
  });

  it.each<[string, Partial<PermissionRequest>]>([
    ['another tool', { tool: 'run_validation' }],
    ['another argument', { argv: ['cat', '/etc/a', '/etc/c'] }],
    ['another path outside', { outOfScopePaths: ['/etc/a'] }],
    ['a path inside more', { paths: ['.', 'src', 'docs'] }],
    ['another command in the line', { commands: [{ argv: ['cat', '/etc/a'] }, { argv: ['rm', 'x'] }] }],
    ['paths no longer known', { unknownPathsReason: '$X is not known' }],
  ])('differs for %s', (_name, change) => {
    expect(operationHash({ ...base, ...change })).not.toBe(operationHash(base));
  });
});

describe('SessionGrants', () => {
  it('never covers paths below a granted root by string prefix: /srv/app2 is not inside /srv/app', () => {
    const grants = new SessionGrants({ clock: { now: () => 0 } });
    grants.grantSession({ ...base, outOfScopePaths: ['/srv/app'] }, { folder: true, rule: false, tool: false });
    expect(grants.isPathGranted('/srv/app/x')).toBe(true);
    expect(grants.isPathGranted('/srv/app2/x')).toBe(false);
    expect(grants.grantedRoots).toEqual(['/srv/app']);
  });
});
