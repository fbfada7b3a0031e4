import { describe, expect, it } from 'vitest';
import type { SandboxStatus } from '../services/sandbox.js';
import { decideCommandIsolation } from './decide-command-isolation.js';
import { hardenedGitArgv, parseFilterDrivers } from './hardened-git-argv.js';

const active: SandboxStatus = { state: 'active', detail: 'bubblewrap 0.8.0' };
const missing: SandboxStatus = { state: 'unavailable', reason: 'bwrap is not installed', fix: 'apt-get install bubblewrap' };
const off: SandboxStatus = { state: 'off', detail: 'sandbox.mode is "off"' };

describe('decideCommandIsolation: trust x sandbox', () => {
  it.each([
    // origin, trusted, mode, status, kind
    ['workspace', false, 'auto', active, 'sandbox'],
    ['workspace', true, 'auto', active, 'sandbox'],
    ['brass', false, 'required', active, 'sandbox'],
    ['workspace', false, 'auto', missing, 'ask'],
    ['workspace', true, 'auto', missing, 'host'],
    ['workspace', true, 'required', missing, 'refuse'],
    ['workspace', false, 'required', missing, 'refuse'],
    ['workspace', false, 'off', off, 'ask'],
    ['workspace', true, 'off', off, 'host'],
    ['brass', false, 'auto', missing, 'host'],
    ['brass', false, 'required', missing, 'host'],
    // The person's own editor (memory edit) runs as they would run it, sandbox or not.
    ['person', false, 'required', active, 'host'],
    ['person', false, 'auto', missing, 'host'],
  ] as const)('%s command, trusted %s, mode %s, %o: %s', (origin, isWorkspaceTrusted, mode, status, kind) => {
    expect(decideCommandIsolation({ origin, isWorkspaceTrusted, mode, status }).kind).toBe(kind);
  });

  it('says why and how to fix it', () => {
    expect(decideCommandIsolation({ origin: 'workspace', isWorkspaceTrusted: false, mode: 'auto', status: missing })).toEqual({
      kind: 'ask',
      reason: 'the workspace is not trusted and commands cannot be sandboxed here (bwrap is not installed); fix: apt-get install bubblewrap, or run `brass-agent trust`',
    });
    expect(decideCommandIsolation({ origin: 'workspace', isWorkspaceTrusted: true, mode: 'auto', status: missing })).toEqual({ kind: 'host', note: 'ran without a sandbox (bwrap is not installed)' });
  });
});

describe('hardenedGitArgv', () => {
  it('switches off every repository-configured program and each filter driver', () => {
    const argv = hardenedGitArgv(['status'], parseFilterDrivers('filter.lfs.clean\0filter.lfs.smudge\0filter.evil name.process\0'));
    expect(argv.slice(-2)).toEqual(['--no-optional-locks', 'status']);
    for (const setting of ['core.fsmonitor=false', 'core.hooksPath=/dev/null', 'diff.external=', 'filter.lfs.clean=', 'filter.lfs.process=', 'filter.evil name.smudge=']) {
      expect(argv[argv.indexOf(setting) - 1]).toBe('-c');
    }
  });
});
