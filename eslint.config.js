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
    },
  },
  ...layerOverrides(),
);
