import { describe, expect, it } from 'vitest';
import { extractDeclaredSymbols } from './extract-declared-symbols.js';

describe('extractDeclaredSymbols', () => {
  it.each([
    ['TypeScript exports', 'export class TokenStore {}\nexport interface Options {}\nexport type Mode = 1;\nexport async function refreshToken() {}\nexport const MAX_AGE_MS = 1;\n', ['TokenStore', 'Options', 'Mode', 'refreshToken', 'MAX_AGE_MS']],
    ['export lists', 'const a1 = 1;\nexport { a1 as renamed, other };\n', ['a1', 'renamed', 'other']],
    ['methods', 'class A {\n  async getToken(id: string): Promise<string> {\n    if (id) {\n    }\n  }\n}\n', ['getToken']],
    ['Python', 'class Parser:\n    def parse_line(self):\n        pass\n', ['Parser', 'parse_line']],
    ['Go and Rust', 'func (s *Server) Serve() {}\npub fn read_config() {}\nstruct Config {}\n', ['Serve', 'read_config', 'Config']],
  ])('%s', (_name, source, expected) => {
    expect(extractDeclaredSymbols(source)).toEqual(expected);
  });

  it('leaves local variables out', () => {
    expect(extractDeclaredSymbols('export function run() {\n  const text = 1;\n  let count = 2;\n}\n')).toEqual(['run']);
  });
});
