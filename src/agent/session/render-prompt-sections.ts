import type { DocsOverview } from '../../context/docs/index.js';
import { sanitizeLabel } from '../../context/nested/index.js';
import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import type { AgentMode } from '../events/agent-event.js';
import type { AgentTool } from '../tools/agent-tool.js';

/** Regions listed in the prompt at most; the docs_map tool lists the rest. */
export const MAX_PROMPT_DOCS_REGIONS = 40;
/** Loose top-level pages listed in the prompt at most. */
export const MAX_PROMPT_DOCS_PAGES = 20;

const MODE_NOTES: Readonly<Record<AgentMode, string>> = {
  'read-only': 'Mode read-only: you can read, search and run validation, but not change files.',
  propose: 'Mode propose: edit_file and write_file record your changes as one patch that is shown to the user; nothing is written to disk during the run.',
  write: 'Mode write: edit_file and write_file record your changes as one patch; after you finish it is applied (with approval) and validated.',
  autonomous: 'Mode autonomous: edit_file and write_file record your changes as one patch that is applied and validated after you finish; shell runs commands as the permission rules allow.',
};

/**
 * The docs section of the system prompt: one line per region (target,
 * title, page count) and the loose top-level pages, compact and capped;
 * empty when the project has no docs. Titles are sanitised to one line.
 */
export function renderDocsSection(overview: DocsOverview | null): string {
  if (overview === null || (overview.regions.length === 0 && overview.pages.length === 0)) return '';
  const lines = ['# Documentation map', 'The project documentation by region. Use docs_map with a target to list or read it, or with search to find pages.'];
  for (const region of overview.regions.slice(0, MAX_PROMPT_DOCS_REGIONS)) {
    lines.push(`- ${escapePromptPath(region.target)}: ${sanitizeLabel(region.title)} (${region.pageCount} ${region.pageCount === 1 ? 'page' : 'pages'})`);
  }
  if (overview.regions.length > MAX_PROMPT_DOCS_REGIONS) lines.push(`- ... ${overview.regions.length - MAX_PROMPT_DOCS_REGIONS} more regions (docs_map lists them all)`);
  const pages = overview.pages.slice(0, MAX_PROMPT_DOCS_PAGES).map((page) => `${escapePromptPath(page.target)} (${sanitizeLabel(page.title)})`);
  if (pages.length > 0) lines.push(`Top-level pages: ${pages.join(', ')}${overview.pages.length > MAX_PROMPT_DOCS_PAGES ? ', ...' : ''}`);
  return lines.join('\n');
}

/** The tools section: the mode, then one line per tool (its description's first sentence). */
export function renderToolsSection(mode: AgentMode, tools: readonly AgentTool[], isChild: boolean): string {
  const lines = ['# Tools', isChild ? 'You are a sub-agent: you can read, search and run validation, but not change files.' : MODE_NOTES[mode]];
  for (const tool of tools) lines.push(`- ${tool.definition.name}: ${firstSentence(tool.definition.description)}`);
  return lines.join('\n');
}

function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text);
  return (match?.[0] ?? text).replace(/\s+/g, ' ').trim();
}
