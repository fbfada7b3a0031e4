import type { DocsMap } from './create-docs-map.js';
import type { DocsPageView, DocsRegionView } from './docs-views.js';

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
  return { version: 1, ...(opened.kind === 'page' ? docsPageJson(opened) : docsRegionJson(opened)) };
}

/**
 * A page as `brass-agent docs TARGET --json` shows it: target, title,
 * description (when it has one), path, truncated, the section's anchor and
 * heading (for `page#anchor`), then the body.
 */
export function docsPageJson(page: DocsPageView): Record<string, unknown> {
  return {
    target: page.target,
    title: page.title,
    ...(page.description === undefined ? {} : { description: page.description }),
    path: page.path,
    truncated: page.truncated,
    ...(page.anchor === undefined ? {} : { anchor: page.anchor, heading: page.heading }),
    body: page.body,
  };
}

/** A region as `brass-agent docs REGION --json` shows it, with its own page's text when it has one. */
export function docsRegionJson(region: DocsRegionView): Record<string, unknown> {
  const index = region.indexPage;
  return {
    target: region.target,
    title: region.title,
    ...(region.description === undefined ? {} : { description: region.description }),
    pages: region.pages,
    // The region's own page (x/index.md): a search result may name the region, so following it shows the page too.
    ...(index === undefined ? {} : { path: index.path, truncated: index.truncated, body: index.body }),
  };
}
