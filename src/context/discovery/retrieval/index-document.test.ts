import { describe, expect, it } from 'vitest';
import { MAX_IMPORTS_PER_DOCUMENT, indexDocument } from './index-document.js';

describe('indexDocument', () => {
  it('keeps the specifiers that may name a workspace file, once each', () => {
    const source = [
      "import fs from 'node:fs';",
      "import { a } from './a.js';",
      "import type { B } from '@/lib/b';",
      "export * from '../c/index.js';",
      "const d = require('./a.js');",
      "import remote from 'https://example.com/x.js';",
      "import zod from 'zod';",
    ].join('\n');
    expect(indexDocument('src/x.ts', source).imports).toEqual(['./a.js', '@/lib/b', '../c/index.js', 'zod']);
  });

  it('reads Python imports and none from other languages', () => {
    expect(indexDocument('app/pricing.py', 'from .tax import rate\nimport app.money\n').imports).toEqual(['.tax', 'app.money']);
    expect(indexDocument('src/main.go', 'import "fmt"\n').imports).toEqual([]);
  });

  it('caps the specifiers of a barrel', () => {
    const barrel = Array.from({ length: 200 }, (_unused, index) => `export * from './module-${index}.js';`).join('\n');
    expect(indexDocument('src/index.ts', barrel).imports).toHaveLength(MAX_IMPORTS_PER_DOCUMENT);
  });
});
