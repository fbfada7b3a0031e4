import { ACCUMULATED_KEY_PATHS, isPlainObject } from './merge-config-layers.js';
import type { Config } from './schema.js';

/** Adds `default` for every leaf nobody set, and flag names to `cli` sources. */
export function completeSources(sources: Record<string, string>, config: Config, cliFlags: Readonly<Record<string, string>>): Record<string, string> {
  const complete: Record<string, string> = {};
  const visit = (value: unknown, keyPath: string): void => {
    if (isPlainObject(value) && !ACCUMULATED_KEY_PATHS.has(keyPath)) {
      for (const [key, child] of Object.entries(value)) visit(child, keyPath === '' ? key : `${keyPath}.${key}`);
      return;
    }
    const source = sources[keyPath] ?? 'default';
    const flag = cliFlags[keyPath];
    complete[keyPath] = flag === undefined ? source : source.replace(/(^|, )cli(?=$|, )/, `$1cli:${flag}`);
  };
  visit(config, '');
  return complete;
}
