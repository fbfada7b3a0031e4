// Builds the web studio (the last step of `npm run build`): src/server/studio
// (Preact + TypeScript) becomes dist/studio/index.html, ONE self-contained page
// with exactly one inline <script> (the minified bundle) and one inline <style>,
// and dist/studio/studio.json with the base64 SHA-256 of each, which
// `brass-agent serve` puts in the page's Content-Security-Policy (so nothing
// else can run or style the page: no other inline code, no external resource).
//
//   tsx scripts/bundle-studio.ts
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRECTORY = path.join(ROOT, 'src', 'server', 'studio');
/** Where `brass-agent serve` finds the page (its composition root passes this directory). */
export const STUDIO_DIRECTORY = path.join(ROOT, 'dist', 'studio');

/** What studio.json holds: the CSP hashes of the page's script and style, `sha256-` left out. */
export interface StudioManifest {
  scriptSha256: string;
  styleSha256: string;
}

/**
 * Text that would end an inline element early or switch the HTML parser into
 * a state where `</script>` no longer closes it (§13.2.5.18, script data
 * escaped states): the build fails rather than write a broken page.
 */
const UNSAFE_IN_SCRIPT = /<\/script|<!--/i;
const UNSAFE_IN_STYLE = /<\/style/i;

/** The page's icon: none, inline (the CSP's img-src allows data:). */
export const EMPTY_ICON = 'data:,';

/** The base64 SHA-256 of a text's UTF-8 bytes, as a CSP `'sha256-…'` source names it. */
export function cspHashOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** The page around the bundle: the script runs last, when #app exists. */
export function studioPage(script: string, style: string): string {
  if (UNSAFE_IN_SCRIPT.test(script)) throw new Error('the studio bundle holds "</script" or "<!--": it cannot be inlined into index.html as it is');
  if (UNSAFE_IN_STYLE.test(style)) throw new Error('the studio style sheet holds "</style": it cannot be inlined into index.html as it is');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    // An empty icon: else the browser asks for /favicon.ico, without the token (a 401 in the console).
    `<link rel="icon" href="${EMPTY_ICON}">`,
    '<title>brass-agent studio</title>',
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<div id="app"></div>',
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Bundles the studio and writes dist/studio/index.html and studio.json (the directory is emptied first). */
export async function bundleStudio(): Promise<{ htmlBytes: number; scriptBytes: number; styleBytes: number }> {
  const bundled = await build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(SOURCE_DIRECTORY, 'main.tsx')],
    tsconfig: path.join(SOURCE_DIRECTORY, 'tsconfig.json'),
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  });
  const script = (bundled.outputFiles[0]?.text ?? '').trim();
  if (script === '') throw new Error('esbuild wrote no studio bundle');
  const css = await fs.promises.readFile(path.join(SOURCE_DIRECTORY, 'studio.css'), 'utf8');
  const style = (await transform(css, { loader: 'css', minify: true, target: ['chrome110', 'firefox110', 'safari16'], logLevel: 'warning' })).code.trim();
  const html = studioPage(script, style);
  const manifest: StudioManifest = { scriptSha256: cspHashOf(script), styleSha256: cspHashOf(style) };
  await fs.promises.rm(STUDIO_DIRECTORY, { recursive: true, force: true });
  await fs.promises.mkdir(STUDIO_DIRECTORY, { recursive: true });
  await fs.promises.writeFile(path.join(STUDIO_DIRECTORY, 'index.html'), html);
  await fs.promises.writeFile(path.join(STUDIO_DIRECTORY, 'studio.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { htmlBytes: Buffer.byteLength(html), scriptBytes: Buffer.byteLength(script), styleBytes: Buffer.byteLength(style) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = await bundleStudio();
  process.stderr.write(`studio: dist/studio/index.html ${sizes.htmlBytes} bytes (script ${sizes.scriptBytes}, style ${sizes.styleBytes})\n`);
}
