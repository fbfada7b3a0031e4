/** One source of settings, already validated, with its provenance label. */
export interface ConfigLayer {
  /** `user:/home/u/.config/brass-agent/config.json`, `workspace:.brass-agent.json`, `env:BRASS_LLM_MODEL`, `cli`... */
  source: string;
  value: Readonly<Record<string, unknown>>;
}

/** Merged settings and, per leaf key path, the layer that set it. */
export interface MergedLayers {
  value: Record<string, unknown>;
  sources: Record<string, string>;
}

/**
 * Lists that accumulate across layers instead of being replaced: permission
 * rules and extra redaction patterns. Replacing them would let a later layer
 * (a repository's config) silently drop a deny rule or a redaction pattern
 * the user wrote; accumulating keeps every rule, and deny beats ask beats
 * allow wherever a rule came from.
 */
export const ACCUMULATED_KEY_PATHS: ReadonlySet<string> = new Set([
  'permissions.allow',
  'permissions.ask',
  'permissions.deny',
  'redaction.additionalPatterns',
]);

/**
 * Merges layers from lowest to highest precedence. Objects merge key by key;
 * any other value (arrays included) replaces the lower one, except the lists
 * in ACCUMULATED_KEY_PATHS, which are concatenated without duplicates. The
 * source of a leaf is the last layer that set it; an accumulated list names
 * every contributing layer, comma-separated, in order.
 */
export function mergeConfigLayers(layers: readonly ConfigLayer[]): MergedLayers {
  const merged: MergedLayers = { value: {}, sources: {} };
  for (const layer of layers) mergeObject(merged, merged.value, layer.value, '', layer.source);
  return merged;
}

function mergeObject(
  merged: MergedLayers,
  target: Record<string, unknown>,
  source: Readonly<Record<string, unknown>>,
  prefix: string,
  sourceLabel: string,
): void {
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const keyPath = prefix === '' ? key : `${prefix}.${key}`;
    if (isPlainObject(value)) {
      const existing = target[key];
      const child = isPlainObject(existing) ? existing : {};
      target[key] = child;
      mergeObject(merged, child, value, keyPath, sourceLabel);
    } else if (ACCUMULATED_KEY_PATHS.has(keyPath) && Array.isArray(value)) {
      const existing = Array.isArray(target[key]) ? (target[key] as unknown[]) : [];
      const added = value.filter((item: unknown, index) => !existing.includes(item) && value.indexOf(item) === index);
      target[key] = [...existing, ...added];
      if (added.length > 0) {
        const previous = merged.sources[keyPath];
        merged.sources[keyPath] = previous === undefined ? sourceLabel : `${previous}, ${sourceLabel}`;
      }
    } else {
      target[key] = structuredClone(value);
      merged.sources[keyPath] = sourceLabel;
    }
  }
}

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
