import { CONTEXT_NAME_PATTERN } from '../../config/context-name.js';
import type { Runtime } from '../../core/index.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import { parseFrontmatter } from '../../core/context-text/parse-frontmatter.js';
import type { AgentFileDefinition } from './select-context-layers.js';

/** Where Markdown agent definitions live, relative to the workspace root. */
export const AGENT_FILES_DIRECTORY = '.brass-agent/agents';

/** Agent files larger than this are read only up to it (the frontmatter comes first). */
export const MAX_AGENT_FILE_BYTES = 64 * 1024;

/**
 * Reads `.brass-agent/agents/<name>.md` through the runtime and validates
 * the `context` of its frontmatter with the same schema as
 * `agents.<name>.context`. Returns null when there is no such file or the
 * name is not a valid agent name (it would not be a plain file name);
 * a file that cannot be read or has invalid frontmatter is returned without
 * context, with a warning.
 */
export async function readAgentFile(runtime: Runtime, name: string, warnings: string[]): Promise<AgentFileDefinition | null> {
  if (!CONTEXT_NAME_PATTERN.test(name)) return null;
  const path = `${AGENT_FILES_DIRECTORY}/${name}.md`;
  const observation = await runtime.execute({ kind: 'fs.readFile', path, maxBytes: MAX_AGENT_FILE_BYTES });
  if (!observation.ok) {
    if (observation.error.code === 'not-found') return null;
    warnings.push(`${path}: not read: ${describeReadFailure(observation.error)}`);
    return { path };
  }
  const frontmatter = parseFrontmatter(observation.value.content);
  if (frontmatter.error !== undefined) {
    warnings.push(`${path}: ${frontmatter.error}; its context is ignored`);
    return { path };
  }
  if (frontmatter.data.context === undefined) return { path };
  // The schema (and zod) load only for an agent file that declares a context: most runs read none.
  const { ScopedContextSchema } = await import('../../config/sections/scoped-context-schema.js');
  const parsed = ScopedContextSchema.safeParse(frontmatter.data.context);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'context' : `context.${issue.path.join('.')}`;
    warnings.push(`${path}: ${where}: ${issue?.message ?? 'invalid'}; its context is ignored`);
    return { path };
  }
  return { path, context: parsed.data };
}
