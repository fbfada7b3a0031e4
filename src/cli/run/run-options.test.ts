import { describe, expect, it } from 'vitest';
import { cliConfigOf, parseRunOptions } from './run-options.js';

describe('parseRunOptions', () => {
  it('joins the goal words and maps the setting flags to the CLI config layer', () => {
    const options = parseRunOptions(['fix', 'the', 'login'], { mode: 'write', approval: 'auto', provider: 'anthropic', model: 'm', baseUrl: 'http://127.0.0.1:1/v1', maxSteps: 5, run: false }, { json: false });
    expect(options).toMatchObject({ goal: 'fix the login', isValidationRun: false, isDryRun: false });
    expect(cliConfigOf(options)).toEqual({ llm: { provider: 'anthropic', model: 'm', baseUrl: 'http://127.0.0.1:1/v1' }, agent: { mode: 'write', maxSteps: 5 }, approval: 'auto' });
  });

  it('runs --apply-patch-file in write mode unless a mode is given', () => {
    expect(cliConfigOf(parseRunOptions([], { applyPatchFile: 'fix.diff' }, { json: false }))).toEqual({ agent: { mode: 'write' } });
    expect(cliConfigOf(parseRunOptions([], { applyPatchFile: 'fix.diff', mode: 'propose' }, { json: false }))).toEqual({ agent: { mode: 'propose' } });
    expect(cliConfigOf(parseRunOptions(['x'], {}, { json: false }))).toEqual({});
  });

  it.each([
    [[], {}, false, /a GOAL is required/],
    [['x'], { protocolJson: true }, true, /--json and --protocol-json/],
    [['x'], { batchFile: 'b' }, false, /give no GOAL/],
    [[], { batchFile: 'b', applyPatchFile: 'p' }, false, /--apply-patch-file cannot be combined with --batch-file/],
    [[], { batchFile: 'b', patchFile: 'p' }, false, /--patch-file .* --batch-file/],
    [['x'], { flow: 'f', patchFile: 'p' }, false, /--patch-file .* --flow/],
    [['x'], { flow: 'f', applyPatchFile: 'p' }, false, /--apply-patch-file cannot be combined with --flow/],
    [[], { applyPatchFile: 'p', mode: 'read-only' }, false, /read-only mode/],
    [[], { applyPatchFile: 'p', validationOutput: 'ci.log' }, false, /--validation-output .* --apply-patch-file calls no model/],
    [['x'], { agent: '../x' }, false, /^--agent: /],
  ])('refuses %j %j', (words, raw, json, message) => {
    expect(() => parseRunOptions(words, raw, { json })).toThrow(message);
  });
});
