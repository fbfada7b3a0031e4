import { openWorkspace, type OpenedWorkspace } from '../../adapters/node-workspace/open-workspace.js';
import { docsPageJson, docsRegionJson, writeDocsGuidance, type DocsMap, type MatchKind } from '../../context/docs/index.js';
import type { PermissionRequest } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { openDocsMap } from '../open-docs-map.js';
import type { Output } from '../output.js';
import { openProgress, outputAround } from '../progress/index.js';

/** The agent tool name the guidance write runs as, so a permission rule can single it out. */
const GUIDANCE_TOOL = 'docs_guidance';

function openOptions(context: CommandContext, ask?: (request: PermissionRequest) => Promise<'allow-once' | 'deny'>) {
  return {
    cwd: context.options.cwd,
    env: context.streams.env,
    ...(context.options.config ? { configPath: context.options.config } : {}),
    ...(ask ? { ask } : {}),
    // The docs map reads and writes files, never runs a shell command: the Bash grammar is not loaded.
    parsesShellCommands: false,
  };
}

/** What each `match` of a search result means, in words a person reads (the JSON keeps the key). */
const MATCH_WORDS: Readonly<Record<MatchKind, string>> = {
  complete: 'every word matches',
  partial: 'some words match',
  fuzzy: 'a near match: typo, abbreviation or similar name',
};

/** The docs map, with a progress line while a cold index is built (a large site takes seconds). */
async function openMapWithProgress(context: CommandContext, workspace: OpenedWorkspace, raw: Record<string, unknown>): Promise<DocsMap> {
  const progress = openProgress(raw, context.options.json, context.streams);
  try {
    return await openDocsMap(workspace, outputAround(context.output, progress), context.streams.env, progress);
  } finally {
    progress.close();
  }
}

function printTable(output: Output, rows: readonly (readonly [string, string])[]): void {
  const width = Math.min(40, Math.max(0, ...rows.map(([left]) => left.length)));
  for (const [left, right] of rows) output.result(`  ${left.padEnd(width)}  ${right}`);
}

/**
 * Runs `brass-agent docs [TARGET] [--search QUERY]` (defined in
 * docs-command.ts): the regions, one region or page, or the search results,
 * as text or one JSON document.
 */
export async function executeDocs(context: CommandContext, target: string | undefined, query: string | undefined, raw: Record<string, unknown> = {}): Promise<void> {
  const { options, output, streams } = context;
  const workspace = await openWorkspace(openOptions(context));
  const map = await openMapWithProgress(context, workspace, raw);

  if (query !== undefined) {
    const found = await map.search(query, target === undefined ? {} : { scope: target });
    if (options.json) {
      output.json({ version: 1, ...found });
      return;
    }
    if (found.results.length === 0) output.info('No page matches.');
    found.results.forEach((hit, position) => {
      // A result inside a section names it, and its target opens just that section.
      const target = hit.anchor === undefined ? hit.target : `${hit.target}#${hit.anchor}`;
      const title = hit.heading === undefined ? hit.title : `${hit.title} › ${hit.heading}`;
      output.result(`${position + 1}. ${target}  ${output.colors.bold(title)}  (${MATCH_WORDS[hit.match]})`);
      output.result(`   ${hit.snippet}`);
    });
    return;
  }

  if (target === undefined) {
    const overview = map.regions();
    if (options.json) {
      output.json({ version: 1, ...overview });
      return;
    }
    if (overview.regions.length === 0 && overview.pages.length === 0) output.info('The docs have no pages.');
    if (overview.regions.length > 0) {
      output.result('Regions (open one with `brass-agent docs <target>`, search with --search):');
      printTable(output, overview.regions.map((region) => [region.target, `${region.title} (${region.pageCount} ${region.pageCount === 1 ? 'page' : 'pages'})`]));
    }
    if (overview.pages.length > 0) {
      output.result('Pages:');
      printTable(output, overview.pages.map((page) => [page.target, page.title]));
    }
    return;
  }

  const opened = await map.open(target);
  if (opened.kind === 'page') {
    if (options.json) {
      output.json({ version: 1, ...docsPageJson(opened) });
      return;
    }
    // A person reads the title and the description first (the frontmatter is not part of the body), then the text.
    const heading = opened.heading === undefined ? opened.title : `${opened.title} › ${opened.heading}`;
    output.result(`${output.colors.bold(heading)}  (${opened.anchor === undefined ? opened.target : `${opened.target}#${opened.anchor}`}, ${opened.path})`);
    if (opened.description !== undefined) output.result(opened.description);
    output.result('');
    streams.stdout.write(opened.body.endsWith('\n') || opened.body.length === 0 ? opened.body : `${opened.body}\n`);
    if (opened.anchor !== undefined) output.info(`showing the section "${opened.heading}"; the whole page: brass-agent docs ${opened.target}`);
    if (opened.truncated) output.warn(`${opened.path}: showing the first ${workspace.config.config.docs.maxPageBytes} bytes (docs.maxPageBytes)`);
    return;
  }
  if (options.json) {
    output.json({ version: 1, ...docsRegionJson(opened) });
    return;
  }
  output.result(`${opened.title} (${opened.target})`);
  if (opened.description !== undefined) output.result(opened.description);
  if (opened.indexPage !== undefined) output.result(`Region page: ${opened.indexPage.path} (open it with \`brass-agent docs ${opened.indexPage.path}\`)`);
  if (opened.pages.length > 0) printTable(output, opened.pages.map((page) => [page.target, page.title]));
}

/**
 * Runs `brass-agent docs guidance`: writes the docs map block into the
 * workspace AGENTS.md, allowed to write that one file and nothing else.
 */
export async function executeDocsGuidance(context: CommandContext, raw: Record<string, unknown> = {}): Promise<void> {
  const { options, output } = context;
  let guidancePath: string | null = null;
  // Running this command is the consent to write exactly this one file; deny rules still apply.
  const approveGuidanceWrite = async (request: PermissionRequest): Promise<'allow-once' | 'deny'> =>
    request.action === 'patch.apply' && request.tool === GUIDANCE_TOOL && request.paths.length === 1 && request.paths[0] === guidancePath ? 'allow-once' : 'deny';
  const workspace = await openWorkspace(openOptions(context, approveGuidanceWrite));
  guidancePath = (await workspace.scope.resolve('AGENTS.md')).relativePath;
  const map = await openMapWithProgress(context, workspace, raw);
  const result = await writeDocsGuidance(workspace.runtime, map);
  if (options.json) {
    output.json({ version: 1, ...result });
    return;
  }
  const regions = `${result.regions} ${result.regions === 1 ? 'region' : 'regions'}`;
  if (!result.changed) output.result(`${result.path}: the docs map block is up to date (${regions})`);
  else output.result(`${result.path}: ${result.created ? 'created with' : 'wrote'} the docs map block (${regions})`);
}
