import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS, NODE_ONLY_IN_ADAPTERS, SOURCE_EXTENSIONS } from '../scripts/layer-rules.js';

// The second enforcement of the layer table (the first is ESLint): this test
// resolves every import of every file under src/ and fails on a forbidden one,
// and on any directive that would switch a lint rule off.

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const IMPORT_PATTERN = /(?:^|[^\w$.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return isSourceFile(entry.name) ? [full] : [];
  });
}

/** Whether a file is TypeScript source (`.ts`, and `.tsx` for the chat UI's components). */
function isSourceFile(name: string): boolean {
  return SOURCE_EXTENSIONS.some((extension) => name.endsWith(`.${extension}`));
}

/** Whether a file is a unit test (`name.test.ts`, `name.test.tsx`). */
function isTestFile(file: string): boolean {
  return SOURCE_EXTENSIONS.some((extension) => file.endsWith(`.test.${extension}`));
}

/** The layer of a file, with context subfolders as their own unit (`context/guidance`). */
function unitOf(file: string): { layer: string; unit: string } | null {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const layer = LAYERS.find((candidate) => relative.startsWith(`${candidate.dir}/`));
  if (!layer) return null;
  if (!layer.isolatedSubfolders) return { layer: layer.name, unit: layer.name };
  const sub = relative.slice(layer.dir.length + 1).split('/')[0] ?? '';
  return { layer: layer.name, unit: `${layer.name}/${sub}` };
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT_PATTERN)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const name = path.relative(ROOT, file);
    const text = fs.readFileSync(file, 'utf8');
    if (/eslint-disable|@ts-ignore|@ts-nocheck/.test(text)) found.push(`${name}: disables a check (eslint-disable / @ts-ignore / @ts-nocheck)`);
    if (isTestFile(file)) continue;
    const from = unitOf(file);
    if (!from) continue;
    const layer = LAYERS.find((candidate) => candidate.name === from.layer)!;
    for (const specifier of importsOf(file)) {
      const bare = specifier.replace(/^node:/, '');
      if (from.layer !== 'adapters' && NODE_ONLY_IN_ADAPTERS.includes(bare)) {
        found.push(`${name}: imports ${specifier} (only src/adapters may)`);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = unitOf(path.resolve(path.dirname(file), specifier));
      if (!target) {
        found.push(`${name}: imports ${specifier}, outside the layers`);
        continue;
      }
      if (target.unit === from.unit) continue;
      if (target.layer === from.layer) found.push(`${name}: imports ${specifier} (folders under src/context never import one another)`);
      else if (!layer.may.includes(target.layer)) found.push(`${name}: imports ${specifier} (${from.layer} may not import ${target.layer})`);
    }
  }
  return found;
}

describe('layering', () => {
  it('every import under src/ follows the layer table', () => {
    expect(violations()).toEqual([]);
  });

  it('scans .tsx files too (the chat UI)', () => {
    expect(['a.ts', 'chat-app.tsx', 'a.test.tsx', 'a.js', 'a.d.ts.map'].map(isSourceFile)).toEqual([true, true, true, false, false]);
    expect(['a.test.ts', 'a.test.tsx', 'a.tsx'].map(isTestFile)).toEqual([true, true, false]);
  });

  it('the checker sees imports in every form it must police', () => {
    const sample = [
      "import { a } from './a.js';",
      "import type { B } from '../core/b.js';",
      "export { c } from '../config/c.js';",
      "const d = await import('node:fs');",
      "import './side-effect.js';",
    ].join('\n');
    expect([...sample.matchAll(IMPORT_PATTERN)].map((match) => match[1] ?? match[2] ?? match[3])).toEqual([
      './a.js',
      '../core/b.js',
      '../config/c.js',
      'node:fs',
      './side-effect.js',
    ]);
  });

  it('only adapters mention os.homedir or os.tmpdir', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !isTestFile(file) && !path.relative(SRC, file).startsWith('adapters'))
      .filter((file) => /\b(homedir|tmpdir)\s*\(/.test(fs.readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
