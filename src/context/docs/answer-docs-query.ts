import type { DocsMap } from './create-docs-map.js';

/** What one docs question asks: nothing (the regions), a target, a search, or a search inside a target. */
export interface DocsQuery {
  target?: string | undefined;
  search?: string | undefined;
}

/**
 * The JSON answer to one docs question, shaped like `brass-agent docs --json`
 * (`version: 1`): no target and no search, the regions and loose pages; a
 * region, its pages (and its own page's text); a page, its text; `search`,
 * at most five ranked pages, scoped to `target` when given. Shared by the
 * agent's `docs_map` tool and the MCP server's. Throws DocsTargetError for a
 * target that names nothing, InvalidInputError for an empty query.
 */
export async function answerDocsQuery(map: DocsMap, query: DocsQuery): Promise<Record<string, unknown>> {
  const { target, search } = query;
  if (search !== undefined) return { version: 1, ...(await map.search(search, target === undefined ? {} : { scope: target })) };
  if (target === undefined) return { version: 1, ...map.regions() };
  const opened = await map.open(target);
  if (opened.kind === 'page') {
    const { target: pageTarget, title, description, path, truncated, body } = opened;
    return { version: 1, target: pageTarget, title, ...(description === undefined ? {} : { description }), path, truncated, body };
  }
  const { target: regionTarget, title, description, pages, indexPage } = opened;
  return {
    version: 1,
    target: regionTarget,
    title,
    ...(description === undefined ? {} : { description }),
    pages,
    ...(indexPage === undefined ? {} : { path: indexPage.path, truncated: indexPage.truncated, body: indexPage.body }),
  };
}
