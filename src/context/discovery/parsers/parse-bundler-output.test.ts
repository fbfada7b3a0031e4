import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseBundlerOutput } from './parse-bundler-output.js';

// esbuild and Vite 8 (Rolldown): real output. webpack is not installed here:
// webpack-sample.txt is a hand-written sample of webpack 5 with ts-loader.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseBundlerOutput', () => {
  it.each([
    { name: 'esbuild.txt', expected: [['Could not resolve "./nope.js"', 'src/main.ts', 2, 24], ['Expected "}" but found ";"', 'src/server.ts', 2, 43]] },
    { name: 'vite-build-unresolved.txt', expected: [["Could not resolve './nope.js' in src/main.ts", 'src/main.ts', 2, 25]] },
    { name: 'vite-build-syntax.txt', expected: [['Expected `,` or `}` but found `;`', 'src/server.ts', 2, 44]] },
    {
      name: 'webpack-sample.txt',
      expected: [
        ["Module not found: Error: Can't resolve './nope' in '/home/dev/app/src'", './src/index.ts', 3, 1],
        ['./src/main.ts 4:7-21', '/home/dev/app/src/main.ts', undefined, undefined],
        ["TS2339: Property 'foo' does not exist on type 'Bar'.", '/home/dev/app/src/main.ts', 4, 8],
      ],
    },
  ])('reads $name', ({ name, expected }) => {
    const diagnostics = parseBundlerOutput(fixture(name));
    expect(diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.locations[0]!.path, diagnostic.locations[0]!.line, diagnostic.locations[0]!.column])).toEqual(expected);
  });

  it("names webpack's unresolved module", () => {
    expect(parseBundlerOutput(fixture('webpack-sample.txt'))[0]!.modules).toEqual(['./nope']);
  });
});
