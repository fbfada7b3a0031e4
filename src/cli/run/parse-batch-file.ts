import * as z from 'zod';
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN } from '../../config/index.js';
import { InvalidInputError } from '../../core/index.js';

/** Most goals one batch file may hold: a batch is run one goal after the other, each a whole run. */
export const MAX_BATCH_GOALS = 200;

/** One goal of `--batch-file`, with the agent or flow it runs as. */
export interface BatchGoal {
  goal: string;
  agent?: string;
  flow?: string;
}

const contextName = z.string().regex(CONTEXT_NAME_PATTERN, { error: CONTEXT_NAME_MESSAGE });
const BatchEntrySchema = z.union([
  z.string().trim().min(1, { error: 'expected a non-empty goal' }),
  z.strictObject({ goal: z.string().trim().min(1, { error: 'expected a non-empty goal' }), agent: contextName.optional(), flow: contextName.optional() }),
]);
const BatchJsonSchema = z.array(BatchEntrySchema, { error: 'expected an array of goals (strings or { goal, agent?, flow? })' });

/**
 * Reads the goals of `--batch-file`: a JSON array whose items are goal
 * strings or `{ goal, agent?, flow? }` (the text starts with `[`), or text
 * with one goal per line, where blank lines and lines starting with `#` are
 * skipped. Throws InvalidInputError naming the flag, and the item or line,
 * for anything else, for an empty batch and beyond MAX_BATCH_GOALS.
 *
 * @example
 * parseBatchFile('# fixes\nfix the login error\nupdate the changelog\n');
 * // [{ goal: 'fix the login error' }, { goal: 'update the changelog' }]
 */
export function parseBatchFile(text: string): BatchGoal[] {
  const goals = text.trimStart().startsWith('[') ? parseJsonBatch(text) : parseLineBatch(text);
  if (goals.length === 0) throw new InvalidInputError('--batch-file', 'the file holds no goal (one goal per line, or a JSON array)');
  if (goals.length > MAX_BATCH_GOALS) throw new InvalidInputError('--batch-file', `${goals.length} goals; at most ${MAX_BATCH_GOALS} run in one batch`);
  return goals;
}

function parseJsonBatch(text: string): BatchGoal[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidInputError('--batch-file', `not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const parsed = BatchJsonSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : `item ${issue.path.map(String).join('.')}: `;
    throw new InvalidInputError('--batch-file', `${where}${issue?.message ?? 'expected an array of goals'}`);
  }
  return parsed.data.map((entry) => (typeof entry === 'string' ? { goal: entry } : withoutUndefined(entry)));
}

function parseLineBatch(text: string): BatchGoal[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((goal) => ({ goal }));
}

function withoutUndefined(entry: { goal: string; agent?: string | undefined; flow?: string | undefined }): BatchGoal {
  return { goal: entry.goal, ...(entry.agent === undefined ? {} : { agent: entry.agent }), ...(entry.flow === undefined ? {} : { flow: entry.flow }) };
}
