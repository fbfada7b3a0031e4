import { describe, expect, it } from 'vitest';
import { parseImports } from './parse-imports.js';

describe('parseImports', () => {
  it('reads every import and re-export form of TypeScript and JavaScript', () => {
    const source = [
      "import type { AuthClient } from '../auth/auth-client.js';",
      "import Default, { a, b as c, type T } from './mixed.js';",
      "import * as ns from './ns.js';",
      'import {',
      '  multi,',
      '  line as renamed,',
      "} from './multi.js';",
      "export * from './star.js';",
      "export { x as y } from './re.js';",
      "import './side-effect.js';",
      "const lazy = await import('./lazy.js');",
      "const { required, other: alias } = require('./cjs.js');",
      "const whole = require('./whole.js');",
    ].join('\n');
    expect(parseImports(source, 'script')).toEqual([
      { specifier: '../auth/auth-client.js', bindings: [{ imported: 'AuthClient', local: 'AuthClient' }], line: 1, isReexport: false },
      { specifier: './mixed.js', bindings: [{ imported: 'a', local: 'a' }, { imported: 'b', local: 'c' }, { imported: 'T', local: 'T' }, { imported: 'default', local: 'Default' }], line: 2, isReexport: false },
      { specifier: './ns.js', bindings: [{ imported: '*', local: 'ns' }], line: 3, isReexport: false },
      { specifier: './multi.js', bindings: [{ imported: 'multi', local: 'multi' }, { imported: 'line', local: 'renamed' }], line: 4, isReexport: false },
      { specifier: './star.js', bindings: [{ imported: '*', local: '*' }], line: 8, isReexport: true },
      { specifier: './re.js', bindings: [{ imported: 'x', local: 'y' }], line: 9, isReexport: true },
      { specifier: './side-effect.js', bindings: [], line: 10, isReexport: false },
      { specifier: './lazy.js', bindings: [], line: 11, isReexport: false },
      { specifier: './cjs.js', bindings: [{ imported: 'required', local: 'required' }, { imported: 'other', local: 'alias' }], line: 12, isReexport: false },
      { specifier: './whole.js', bindings: [{ imported: '*', local: 'whole' }], line: 13, isReexport: false },
    ]);
  });

  it('reads Python imports', () => {
    const source = 'from app.pricing import apply_discount, parse_rate as parse\nfrom . import helpers\nimport app.orders as orders\n';
    expect(parseImports(source, 'python')).toEqual([
      { specifier: 'app.pricing', bindings: [{ imported: 'apply_discount', local: 'apply_discount' }, { imported: 'parse_rate', local: 'parse' }], line: 1, isReexport: false },
      { specifier: '.', bindings: [{ imported: 'helpers', local: 'helpers' }], line: 2, isReexport: false },
      { specifier: 'app.orders', bindings: [{ imported: '*', local: 'orders' }], line: 3, isReexport: false },
    ]);
  });

  it('copes with broken code', () => {
    expect(parseImports("import { a from './x.js'\nimport", 'script')).toEqual([{ specifier: './x.js', bindings: [], line: 1, isReexport: false }]);
  });
});
