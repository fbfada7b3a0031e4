import type { Config } from '../../config/index.js';
import type { DocsMap } from '../../context/docs/index.js';
import { createDelegateTool } from '../delegate/index.js';
import type { AgentMode } from '../events/agent-event.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { createDocsMapTool } from '../tools/docs-map-tool.js';
import { createEditFileTool } from '../tools/edit-file-tool.js';
import { createListDirTool } from '../tools/list-dir-tool.js';
import { createReadFileTool } from '../tools/read-file-tool.js';
import { createRunValidationTool } from '../tools/run-validation-tool.js';
import { createSearchTextTool } from '../tools/search-text-tool.js';
import { createShellTool } from '../tools/shell-tool.js';
import { createWriteFileTool } from '../tools/write-file-tool.js';
import type { ValidationCommandSpec } from '../validation/index.js';

/** What the tool set depends on besides the mode. */
export interface ToolSetOptions {
  mode: AgentMode;
  /** A sub-agent: read-only tools, no `delegate`. */
  isChild: boolean;
  config: Config;
  docsMap: DocsMap | null;
  validationCommands: readonly ValidationCommandSpec[];
}

/**
 * The tools of a session, in the order the model sees them:
 * - every mode: read_file, search_text, list_dir, docs_map (when the
 *   project has a docs map), run_validation, delegate;
 * - `propose`, `write`, `autonomous`: also edit_file and write_file;
 * - `write`, `autonomous`: also shell (the permission rules decide each
 *   command; one no rule allows asks);
 * - a sub-agent gets the read-only set without delegate, whatever its mode.
 */
export function toolsForMode(options: ToolSetOptions): AgentTool[] {
  const { mode, isChild, config } = options;
  const tools: AgentTool[] = [createReadFileTool(), createSearchTextTool(), createListDirTool()];
  if (options.docsMap !== null) tools.push(createDocsMapTool(options.docsMap));
  tools.push(createRunValidationTool(options.validationCommands));
  if (isChild) return tools;
  if (mode !== 'read-only') tools.push(createEditFileTool(), createWriteFileTool());
  if (mode === 'write' || mode === 'autonomous') tools.push(createShellTool());
  const delegate = config.agent.delegate;
  tools.push(
    createDelegateTool({
      maxTasks: delegate.maxTasks,
      concurrency: delegate.concurrency,
      timeoutMs: delegate.timeoutMs,
      maxSteps: delegate.maxSteps,
      maxTokens: config.agent.maxTokens,
      maxOutputTokens: config.llm.maxOutputTokens,
    }),
  );
  return tools;
}
