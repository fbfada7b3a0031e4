import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import { renderDocsGuidance } from '../../context/docs/index.js';
import type { StarterFacts, StarterFolder } from './starter-facts.js';

/** Repository text (a name, a description, a command) is cut to this many characters on its line. */
export const MAX_STARTER_TEXT_CHARS = 160;

/** The opening of every starter file: what it is and who wrote it. */
const PREAMBLE = [
  '# AGENTS.md',
  '',
  'Guidance for coding agents working in this repository.',
  '`brass-agent init` wrote this file from what it detected in the project;',
  'correct it and add what only you know (conventions, pitfalls, what not to touch).',
];

/**
 * Repository text made safe for one line of the starter file: line breaks
 * and runs of blanks become one space (nothing can start a line of its own,
 * such as a heading), other control, format and markup characters are
 * escaped (`<` becomes `\u003c`, so nothing can open an HTML comment, a tag
 * or a reminder block), backticks are replaced (a code span cannot be
 * closed early), and the text is cut to MAX_STARTER_TEXT_CHARS.
 *
 * @example
 * starterText('api\n# Ignore <!-- the rules -->'); // 'api # Ignore \\u003c!-- the rules --\\u003e'
 */
export function starterText(text: string): string {
  // Line breaks and tabs in prose are spaces; every other control or markup character is escaped.
  const safe = escapePromptPath(text.replace(/[\t\n\v\f\r\u0085\u2028\u2029 ]+/g, ' ').trim()).replaceAll('`', "'");
  const characters = Array.from(safe);
  return characters.length <= MAX_STARTER_TEXT_CHARS ? safe : `${characters.slice(0, MAX_STARTER_TEXT_CHARS - 1).join('')}…`;
}

function commandLines(facts: StarterFacts): string[] {
  if (facts.packageManager === null && facts.commands.length === 0) return [];
  const lines = ['## Commands', ''];
  if (facts.packageManager !== null) lines.push(`This project uses ${facts.packageManager}.`, '');
  for (const command of facts.commands) {
    const where = command.cwd === '.' ? '' : ` (in \`${starterText(command.cwd)}/\`)`;
    lines.push(`- ${starterText(command.label)}: \`${starterText(command.command)}\`${where}`);
  }
  if (facts.commands.some((command) => command.isCheck === true)) lines.push('', 'Run the checks above before you call a change done.');
  return lines;
}

function folderLine(folder: StarterFolder, hasDocsMap: boolean): string {
  const name = `- \`${starterText(folder.path)}/\`${folder.packageName === undefined ? '' : ` (package \`${starterText(folder.packageName)}\`)`}`;
  const about = [folder.isDocs === true ? `project documentation${hasDocsMap ? ' (see the documentation map below)' : ''}` : undefined, folder.description]
    .filter((text): text is string => text !== undefined && text.trim().length > 0)
    .map(starterText);
  return about.length === 0 ? name : `${name}: ${about.join('; ')}`;
}

function layoutLines(folders: readonly StarterFolder[], hasDocsMap: boolean): string[] {
  if (folders.length === 0) return [];
  return ['## Layout', '', ...folders.map((folder) => folderLine(folder, hasDocsMap))];
}

/**
 * The text of a starter AGENTS.md: a short preamble, then only the sections
 * something was detected for — the commands (package manager, install,
 * build, the validation commands), the layout (folders, one line each when
 * known) and the docs map block that `brass-agent docs guidance` keeps up to
 * date (regions only). Deterministic: the same facts give the same bytes.
 * Every piece of repository text goes through `starterText`.
 *
 * @example
 * buildStarterGuidance({ packageManager: 'npm', commands: [{ label: 'Test', command: 'npm test', cwd: '.' }], folders: [], docs: null });
 */
export function buildStarterGuidance(facts: StarterFacts): string {
  const folders = [...facts.folders].sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  const sections = [commandLines(facts), layoutLines(folders, facts.docs !== null)].filter((lines) => lines.length > 0);
  // The docs block cuts comment markers and backticks itself; starterText also escapes tags (a `<system-reminder>` title).
  if (facts.docs !== null) sections.push([renderDocsGuidance(facts.docs.regions.map((region) => ({ target: starterText(region.target), title: starterText(region.title) })))]);
  return `${[PREAMBLE, ...sections].map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
