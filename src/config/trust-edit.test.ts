import fc from 'fast-check';
import { type ParseError, parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { setWorkspaceTrust } from './trust-edit.js';
import { userConfigPath } from './user-config-path.js';

const PROJECT = '/home/u/src/project';
const OTHER = '/home/u/src/other';

const trustedOf = (text: string): unknown => (parse(text) as { trustedWorkspaces?: unknown }).trustedWorkspaces;

const COMMENTED = `{
    // Settings for every workspace.
    "approval": "ask", /* keep me */
    "trustedWorkspaces": [
        "${OTHER}", // the other one
    ],
}
`;

describe('setWorkspaceTrust', () => {
  it('creates a user config when there is none', () => {
    const text = setWorkspaceTrust(null, PROJECT, true);
    expect(text).toBe(`{\n  "trustedWorkspaces": [\n    "${PROJECT}"\n  ]\n}\n`);
  });

  it('adds the key to an existing file, keeping its comments and indentation', () => {
    const original = '{\n\t// mine\n\t"approval": "never"\n}\n';
    const text = setWorkspaceTrust(original, PROJECT, true);
    expect(text).toContain('\t// mine\n');
    expect(text).toContain(`\t"trustedWorkspaces": [\n\t\t"${PROJECT}"\n\t]`);
    expect(parse(text)).toEqual({ approval: 'never', trustedWorkspaces: [PROJECT] });
  });

  it('appends to an existing list, keeping comments and the four-space indentation', () => {
    const text = setWorkspaceTrust(COMMENTED, PROJECT, true);
    expect(trustedOf(text)).toEqual([OTHER, PROJECT]);
    for (const comment of ['// Settings for every workspace.', '/* keep me */', '// the other one']) expect(text).toContain(comment);
    expect(text).toContain(`        "${PROJECT}"`);
  });

  it('is idempotent: trusting twice changes nothing the second time', () => {
    const once = setWorkspaceTrust(COMMENTED, PROJECT, true);
    expect(setWorkspaceTrust(once, PROJECT, true)).toBe(once);
    expect(setWorkspaceTrust(once, `${PROJECT}/`, true)).toBe(once);
  });

  it('untrust removes the path, every copy of it, and nothing else', () => {
    const doubled = `{\n  // c\n  "trustedWorkspaces": ["${PROJECT}", "${OTHER}", "${PROJECT}/"]\n}\n`;
    const text = setWorkspaceTrust(doubled, PROJECT, false);
    expect(trustedOf(text)).toEqual([OTHER]);
    expect(text).toContain('// c');
  });

  it.each([
    ['first of an inline list', '{"trustedWorkspaces": ["/p", "/o"]}', '{"trustedWorkspaces": ["/o"]}'],
    ['middle of an inline list', '{"trustedWorkspaces": ["/a", "/p", "/o"]}', '{"trustedWorkspaces": ["/a", "/o"]}'],
    ['last of an inline list', '{"trustedWorkspaces": ["/o", "/p"]}', '{"trustedWorkspaces": ["/o"]}'],
    ['last with a trailing comma', '{"trustedWorkspaces": ["/o", "/p",]}', '{"trustedWorkspaces": ["/o",]}'],
    ['the only item', '{ "trustedWorkspaces": ["/p"] }', '{ "trustedWorkspaces": [] }'],
    ['a comment with a comma', '{"trustedWorkspaces":["/o" /* a, b */ ,"/p"]}', '{"trustedWorkspaces":["/o" /* a, b */ ]}'],
    [
      'the last line of a list',
      '{\n  "trustedWorkspaces": [\n    "/o", // other\n    "/p" // mine\n  ],\n}\n',
      '{\n  "trustedWorkspaces": [\n    "/o" // other\n    // mine\n  ],\n}\n',
    ],
    [
      'the first line of a list',
      '{ "trustedWorkspaces": [\n  "/p", // c\n  "/o"\n] }',
      '{ "trustedWorkspaces": [\n  // c\n  "/o"\n] }',
    ],
    [
      'a line of a CRLF file',
      '{\r\n  "trustedWorkspaces": [\r\n    "/o",\r\n    "/p"\r\n  ]\r\n}\r\n',
      '{\r\n  "trustedWorkspaces": [\r\n    "/o"\r\n  ]\r\n}\r\n',
    ],
  ])('untrust removes one entry exactly: %s', (_name, original, expected) => {
    expect(setWorkspaceTrust(original, '/p', false)).toBe(expected);
  });

  it('keeps the file valid and every other entry in order, whatever its layout (property)', () => {
    const paths = fc.constantFrom('/p', '/o', '/a/b', '/p/');
    const layout = fc.record({ isMultiline: fc.boolean(), hasTrailingComma: fc.boolean(), hasComments: fc.boolean() });
    fc.assert(
      fc.property(fc.array(paths, { maxLength: 6 }), layout, fc.boolean(), (entries, { isMultiline, hasTrailingComma, hasComments }, trusted) => {
        const separator = isMultiline ? ',\n    ' : ', ';
        const items = entries.map((entry, index) => `"${entry}"${hasComments ? ` /* ${index}, */` : ''}`).join(separator);
        const list = entries.length === 0 ? '[]' : `[${isMultiline ? '\n    ' : ''}${items}${hasTrailingComma ? ',' : ''}${isMultiline ? '\n  ' : ''}]`;
        const original = `{\n  // top\n  "approval": "ask",\n  "trustedWorkspaces": ${list}\n}\n`;
        const text = setWorkspaceTrust(original, '/p', trusted);
        const errors: ParseError[] = [];
        const value = parse(text, errors, { allowTrailingComma: true }) as { trustedWorkspaces: string[]; approval: string };
        expect(errors).toEqual([]);
        expect(value.approval).toBe('ask');
        expect(text).toContain('// top');
        const others = entries.filter((entry) => entry !== '/p' && entry !== '/p/');
        if (trusted) {
          expect(value.trustedWorkspaces.filter((entry) => entry !== '/p' && entry !== '/p/')).toEqual(others);
          expect(value.trustedWorkspaces.some((entry) => entry === '/p' || entry === '/p/')).toBe(true);
        } else {
          expect(value.trustedWorkspaces).toEqual(others);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('untrust then trust round-trips the list', () => {
    const trusted = setWorkspaceTrust(COMMENTED, PROJECT, true);
    const untrusted = setWorkspaceTrust(trusted, PROJECT, false);
    expect(trustedOf(untrusted)).toEqual([OTHER]);
    expect(untrusted).toContain('/* keep me */');
  });

  it.each([
    ['a file without the path', COMMENTED],
    ['a file without the key', '{ "approval": "ask" }'],
  ])('untrust of %s returns the text unchanged', (_name, text) => {
    expect(setWorkspaceTrust(text, PROJECT, false)).toBe(text);
  });

  it('untrust without a user file returns an empty object', () => {
    expect(setWorkspaceTrust(null, PROJECT, false)).toBe('{}\n');
  });

  it.each([
    ['an empty file', '', `{\n  "trustedWorkspaces": [\n    "${PROJECT}"\n  ]\n}\n`],
    ['a comment-only file', '// my config\n', `// my config\n{\n  "trustedWorkspaces": [\n    "${PROJECT}"\n  ]\n}\n`],
  ])('trusting in %s keeps what is there and adds the object', (_name, original, expected) => {
    expect(setWorkspaceTrust(original, PROJECT, true)).toBe(expected);
  });

  it('keeps Windows line endings and a byte order mark', () => {
    const original = '\uFEFF{\r\n  "approval": "ask"\r\n}\r\n';
    const text = setWorkspaceTrust(original, PROJECT, true);
    expect(text.startsWith('\uFEFF{\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    expect(parse(text.slice(1))).toEqual({ approval: 'ask', trustedWorkspaces: [PROJECT] });
  });

  it.each([
    ['text that is not JSONC', '{ "approval": ', 'user config file: invalid JSONC at 1:15: value expected'],
    ['a top level that is not an object', '["/a"]', 'user config file: expected a JSON object at the top level'],
    ['a trustedWorkspaces that is not an array', '{ "trustedWorkspaces": "/a" }', 'user config file: trustedWorkspaces: expected an array, got "/a"'],
  ])('refuses to edit %s', (_name, original, message) => {
    for (const trusted of [true, false]) {
      expect(() => setWorkspaceTrust(original, PROJECT, trusted)).toThrow(message);
      expect(() => setWorkspaceTrust(original, PROJECT, trusted)).toSatisfy((run: () => void) => {
        try {
          run();
          return false;
        } catch (error) {
          return ConfigError.isInstance(error);
        }
      });
    }
  });

  it('names the file it was given in errors', () => {
    expect(() => setWorkspaceTrust('{', PROJECT, true, '~/.config/brass-agent/config.json')).toThrow(/^~\/\.config\/brass-agent\/config\.json: invalid JSONC/);
  });

  it('refuses a relative workspace path', () => {
    expect(() => setWorkspaceTrust(null, 'src/project', true)).toThrow('workspaceRealPath: "src/project" is not an absolute path');
  });
});

describe('userConfigPath', () => {
  it.each([
    [{ XDG_CONFIG_HOME: '/xdg' }, '/xdg/brass-agent/config.json'],
    [{ XDG_CONFIG_HOME: '/xdg/' }, '/xdg/brass-agent/config.json'],
    [{}, '/home/u/.config/brass-agent/config.json'],
    [{ XDG_CONFIG_HOME: '' }, '/home/u/.config/brass-agent/config.json'],
    [{ XDG_CONFIG_HOME: 'relative/config' }, '/home/u/.config/brass-agent/config.json'],
  ])('with %j is %s', (env, expected) => {
    expect(userConfigPath(env, '/home/u')).toBe(expected);
  });
});
