import path from 'node:path';
import * as z from 'zod';
import { readUserFile } from '../../adapters/node-workspace/index.js';
import { BrassError } from '../../core/index.js';

/** The studio is one self-contained HTML file; anything larger is not it. */
const MAX_STUDIO_PAGE_BYTES = 8 * 1024 * 1024;
const MAX_STUDIO_MANIFEST_BYTES = 16 * 1024;

/** A SHA-256 digest in base64, as a CSP hash source takes it. */
const sha256Base64 = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'expected a base64 SHA-256 digest');

/** `studio.json`, written by the studio's build beside index.html: the hashes of its one inline script and style. */
const StudioManifest = z.object({ scriptSha256: sha256Base64, styleSha256: sha256Base64 });

/** The page and the headers it is served with. */
export type StudioPage = { isFound: true; html: string; headers: Record<string, string> } | { isFound: false; message: string };

/**
 * The studio page from `directory` (`index.html` and `studio.json`), with
 * a Content-Security-Policy that allows exactly its inline script and style
 * (by hash) and requests to this server only; no referrer (the token is in
 * the page's URL once) and no caching. Read on each request through the
 * safe read path (no FIFO or device, size-capped), so a rebuilt studio is
 * served without a restart.
 */
export async function loadStudioPage(directory: string | null): Promise<StudioPage> {
  const notBuilt = { isFound: false as const, message: 'the studio is not built (no studio/index.html and studio.json next to the CLI): run npm run build; the API works without it' };
  if (directory === null) return notBuilt;
  let html: string;
  let manifestText: string;
  try {
    html = await readUserFile(path.join(directory, 'index.html'), { baseDir: directory, maxBytes: MAX_STUDIO_PAGE_BYTES, flag: 'studio' });
    manifestText = await readUserFile(path.join(directory, 'studio.json'), { baseDir: directory, maxBytes: MAX_STUDIO_MANIFEST_BYTES, flag: 'studio' });
  } catch (error) {
    if (BrassError.isInstance(error)) return notBuilt;
    throw error;
  }
  const manifest = parseManifest(manifestText);
  if (manifest === null) return { isFound: false, message: 'the studio build is damaged (studio.json does not hold scriptSha256 and styleSha256): run npm run build' };
  return { isFound: true, html, headers: studioHeaders(manifest) };
}

function parseManifest(text: string): z.infer<typeof StudioManifest> | null {
  try {
    const parsed = StudioManifest.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not JSON: as damaged as the wrong shape.
    return null;
  }
}

function studioHeaders(manifest: z.infer<typeof StudioManifest>): Record<string, string> {
  const policy = [
    "default-src 'none'",
    `script-src 'sha256-${manifest.scriptSha256}'`,
    `style-src 'sha256-${manifest.styleSha256}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { 'Content-Security-Policy': policy, 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8' };
}
