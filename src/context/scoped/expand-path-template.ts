/** Values the templates of a scoped context path may use. */
export interface TemplateValues {
  agent?: string | undefined;
  flowId?: string | undefined;
  step?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/** An expanded path, or why the entry is skipped. */
export type TemplateExpansion =
  | { ok: true; path: string; isGlob: boolean; envNames: string[] }
  | { ok: false; reason: string; envNames: string[] };

const TOKEN = /\$\{([^${}]*)\}/g;
const ENV_TOKEN = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/;
// `*`, `?`, `[...]` and `{a,b}` make a glob; parentheses and `!` alone stay literal names.
const GLOB_CHARACTERS = /[*?[\]{}]/;

/** Names of the environment variables `${env.NAME}` tokens of `template` read. */
export function templateEnvNames(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(TOKEN)) {
    const env = ENV_TOKEN.exec(match[1] ?? '');
    if (env?.[1] !== undefined && !names.includes(env[1])) names.push(env[1]);
  }
  return names;
}

/**
 * Expands `${agent}`, `${flow.id}`, `${flow.step}` and `${env.VAR}` in a
 * scoped context path, without a shell. Whether the entry is a glob is
 * decided by the template's own text: glob characters in a value are
 * escaped, so a value is always literal. An unknown token, a token with no
 * value or an empty one, a leftover `${` or a NUL byte skips the entry (a
 * missing agent name must never turn `${agent}.md` into `.md`). Reasons name
 * the token, never the value (an environment value may be secret).
 *
 * @example
 * expandPathTemplate('docs/agents/${agent}.md', { agent: 'reviewer', env: {} }); // { ok: true, path: 'docs/agents/reviewer.md', isGlob: false, envNames: [] }
 */
export function expandPathTemplate(template: string, values: TemplateValues): TemplateExpansion {
  const envNames = templateEnvNames(template);
  let failure: string | null = null;
  const isGlob = GLOB_CHARACTERS.test(template.replace(TOKEN, ''));
  const expanded = template.replace(TOKEN, (whole, token: string) => {
    const value = tokenValue(token, values);
    if (value === undefined) {
      failure ??= `unknown template token ${whole} (known: \${agent}, \${flow.id}, \${flow.step}, \${env.NAME})`;
      return '';
    }
    if (value === null || value.length === 0) {
      failure ??= `${whole} has no value here`;
      return '';
    }
    if (value.includes('\0')) {
      failure ??= `${whole} contains a NUL byte`;
      return '';
    }
    return isGlob ? value.replace(/[*?[\]{}()!+@\\]/g, '\\$&') : value;
  });
  if (failure !== null) return { ok: false, reason: failure, envNames };
  if (expanded.includes('${')) return { ok: false, reason: 'has an unclosed or nested ${', envNames };
  if (expanded.includes('\0')) return { ok: false, reason: 'contains a NUL byte', envNames };
  if (expanded.trim().length === 0) return { ok: false, reason: 'is empty after expansion', envNames };
  return { ok: true, path: expanded, isGlob, envNames };
}

/** undefined: unknown token; null: known but without a value. */
function tokenValue(token: string, values: TemplateValues): string | null | undefined {
  if (token === 'agent') return values.agent ?? null;
  if (token === 'flow.id') return values.flowId ?? null;
  if (token === 'flow.step') return values.step ?? null;
  const env = ENV_TOKEN.exec(token);
  if (env?.[1] !== undefined) return values.env[env[1]] ?? null;
  return undefined;
}
