import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { LAYERS, NODE_ONLY_IN_ADAPTERS, SOURCE_EXTENSIONS } from './scripts/layer-rules.js';

const nodeOnlyPaths = NODE_ONLY_IN_ADAPTERS.flatMap((name) => [name, `node:${name}`]).map((name) => ({
  name,
  message: 'Only src/adapters may touch the filesystem, processes or the OS: ask for an action through the core runtime, or add a service.',
}));

/** One override per layer: imports of layers it may not use are errors. */
function layerOverrides() {
  return LAYERS.map((layer) => {
    const forbidden = LAYERS.filter((other) => other.name !== layer.name && !layer.may.includes(other.name));
    const groups = forbidden.map((other) => ({
      regex: `^\\.\\.?/(?:.*/)?${other.dir.replace(/^src\//, '')}(/|$)`,
      message: `${layer.dir} may not import ${other.dir} (see ../shared/design.md, Layers).`,
    }));
    if (layer.isolatedSubfolders) {
      groups.push({ regex: '^\\.\\./\\.\\./context/|^\\.\\./(?!\\.)[^/]+/', message: 'folders under src/context never import one another: move the shared helper down into src/core.' });
    }
    return {
      files: SOURCE_EXTENSIONS.map((extension) => `${layer.dir}/**/*.${extension}`),
      ignores: SOURCE_EXTENSIONS.map((extension) => `**/*.test.${extension}`),
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: layer.name === 'adapters' ? [] : nodeOnlyPaths, patterns: groups.map((group) => ({ regex: group.regex, message: group.message })) },
        ],
      },
    };
  });
}

/**
 * The studio (src/server/studio) is browser code served under a strict CSP:
 * it imports preact and its own files (other layers for their types only),
 * never touches Node's globals or web storage (the token lives in memory),
 * and never turns server text into markup or code.
 */
const STUDIO_FILES = ['src/server/studio/**/*.ts', 'src/server/studio/**/*.tsx'];
const studioOverride = {
  files: STUDIO_FILES,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '^\\.\\./', allowTypeImports: true, message: 'the studio is bundled for the browser: import other layers with `import type` only.' },
          { regex: '^(?!preact(/|$)|\\.\\.?/)', message: 'the studio imports preact and its own files only (it runs in the browser, offline).' },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...['process', 'Buffer', 'require', '__dirname', 'global'].map((name) => ({ name, message: 'browser code: Node globals do not exist here.' })),
      ...['localStorage', 'sessionStorage', 'indexedDB'].map((name) => ({ name, message: 'the studio keeps the token and state in memory only.' })),
    ],
    'no-restricted-properties': [
      'error',
      ...['innerHTML', 'outerHTML', 'insertAdjacentHTML'].map((property) => ({ property, message: 'render server text as text (JSX children), never as markup.' })),
      ...['localStorage', 'sessionStorage'].map((property) => ({ property, message: 'the studio keeps the token and state in memory only.' })),
      { object: 'document', property: 'write', message: 'render with Preact.' },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'render server text as text, never as markup.' },
      { selector: "JSXAttribute[name.name='style']", message: 'style with classes in studio.css: the CSP allows its one style sheet only.' },
    ],
    'no-eval': 'error',
    'no-implied-eval': 'error',
    'no-new-func': 'error',
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'examples/**', 'schema/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-empty': ['error', { allowEmptyCatch: false }],
      // The bundled CLI keeps only the parts of zod it uses when zod is imported as a namespace: its named `z`
      // export is one object holding all of zod (about 220 KB more for every command that reads a config; issue 21).
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier, ImportDefaultSpecifier)", message: "import zod as a namespace: `import * as z from 'zod'` (see scripts/bundle-cli.ts)." },
      ],
    },
  },
  ...layerOverrides(),
  studioOverride,
);
