import { describe, expect, it } from 'vitest';
import { extractDeclaredSymbols } from './extract-declared-symbols.js';

describe('extractDeclaredSymbols', () => {
  it.each([
    ['TypeScript exports', 'export class TokenStore {}\nexport interface Options {}\nexport type Mode = 1;\nexport async function refreshToken() {}\nexport const MAX_AGE_MS = 1;\n', ['TokenStore', 'Options', 'Mode', 'refreshToken', 'MAX_AGE_MS']],
    ['export lists', 'const a1 = 1;\nexport { a1 as renamed, other };\n', ['a1', 'renamed', 'other']],
    ['methods', 'class A {\n  async getToken(id: string): Promise<string> {\n    if (id) {\n    }\n  }\n}\n', ['getToken']],
    ['Python', 'class Parser:\n    def parse_line(self):\n        pass\n', ['Parser', 'parse_line']],
    ['Go and Rust', 'func (s *Server) Serve() {}\npub fn read_config() {}\nstruct Config {}\n', ['Serve', 'read_config', 'Config']],
    ['Go types', 'type Server struct {\n}\nfunc NewServer() *Server {}\n', ['Server', 'NewServer']],
    ['Rust items', 'pub(crate) enum Mode { A }\npub const fn size() {}\nmod parser;\npub static LIMIT: usize = 1;\nmacro_rules! my_macro {\n', ['Mode', 'size', 'parser', 'LIMIT', 'my_macro']],
    ['shell functions', 'deploy() {\n  echo\n}\nfunction cleanup {\n}\nfunction build_all() {\n', ['cleanup', 'build_all', 'deploy']],
    ['Java and Kotlin', 'public final class TokenParser {\n    public static Result parseLine(String line) throws IOException {\n    }\n}\ndata class User(val id: Int)\nobject Registry {\n', ['TokenParser', 'User', 'Registry', 'parseLine']],
    ['Ruby', 'module Billing\n  class Invoice\n    def self.create(x)\n    def total?\n', ['Invoice', 'total', 'Billing', 'create']],
    ['C and C++', '#define MAX_LEN 10\ntypedef struct node_s Node;\nstatic int parse_header(const char *line) {\nvoid Foo::bar() const {\n', ['MAX_LEN', 'Node', 'parse_header', 'bar']],
    ['style sheets', '.btn-primary {\n  color: red;\n}\n$brand-color: #fff;\n@mixin rounded($r) {\n:root {\n  --space-unit: 4px;\n}\n', ['btn-primary', 'brand-color', 'rounded', '--space-unit']],
    ['the script of a Vue component', '<template><div/></template>\n<script setup lang="ts">\nconst count = ref(0);\nfunction increment() {}\n</script>\n', ['count', 'increment']],
  ])('%s', (_name, source, expected) => {
    expect(extractDeclaredSymbols(source)).toEqual(expected);
  });

  it('takes no JS call at column 0 for a C definition', () => {
    expect(extractDeclaredSymbols('export default defineConfig()\ndescribe("x", () => {\n});\nawait main()\n')).toEqual([]);
  });

  it('leaves local variables out', () => {
    expect(extractDeclaredSymbols('export function run() {\n  const text = 1;\n  let count = 2;\n}\n')).toEqual(['run']);
  });
});

describe('extractDeclaredSymbols by language', () => {
  const source = 'export function run() {}\n  type Local = 1;\nfn helper() {}\n.btn {\n';

  it("reads a script with the script forms only (a Rust `type`, a shell or style form is not a script's)", () => {
    expect(extractDeclaredSymbols(source, 'src/run.ts')).toEqual(['run']);
  });

  it('reads a file of unknown language, or without a path, with every form', () => {
    expect(extractDeclaredSymbols(source, 'notes/run.txt')).toEqual(['run', 'helper', 'Local', 'btn']);
    expect(extractDeclaredSymbols(source)).toEqual(extractDeclaredSymbols(source, 'notes/run.txt'));
  });

  it('reads the style sheet of a component', () => {
    expect(extractDeclaredSymbols('<script>\nexport const count = 1;\n</script>\n<style>\n.counter {\n}\n</style>\n', 'src/Counter.vue')).toEqual(['count', 'counter']);
  });
});
