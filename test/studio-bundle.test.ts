import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHashOf, EMPTY_ICON, STUDIO_DIRECTORY, studioPage } from '../scripts/bundle-studio.js';

// What `npm run build` writes for `brass-agent serve` (the tests' global setup builds it): one self-contained
// page whose only script and only style are the ones studio.json hashes for the Content-Security-Policy.

/** Well under 100 KB: the studio is a small page. */
const MAX_PAGE_BYTES = 100_000;

function between(text: string, open: string, close: string): { inner: string; outer: string } {
  const start = text.indexOf(open);
  const end = text.indexOf(close, start);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return { inner: text.slice(start + open.length, end), outer: text.slice(0, start + open.length) + text.slice(end) };
}

describe('the studio build', () => {
  const html = fs.readFileSync(path.join(STUDIO_DIRECTORY, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(STUDIO_DIRECTORY, 'studio.json'), 'utf8')) as Record<string, unknown>;

  it('is one small page with one inline script and one inline style, hashed in studio.json', () => {
    expect(Buffer.byteLength(html)).toBeLessThan(MAX_PAGE_BYTES);
    const script = between(html, '<script>', '</script>');
    const style = between(script.outer, '<style>', '</style>');
    expect(Object.keys(manifest).sort()).toEqual(['scriptSha256', 'styleSha256']);
    expect(manifest.scriptSha256).toBe(cspHashOf(script.inner));
    expect(manifest.styleSha256).toBe(cspHashOf(style.inner));
    expect(manifest.scriptSha256).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    // The markup around them: nothing else that loads, runs or styles (the icon is inline and empty, so the browser asks for none).
    const icon = `<link rel="icon" href="${EMPTY_ICON}">`;
    expect(style.outer).toContain(icon);
    const markup = style.outer.replace(icon, '');
    expect(markup.match(/<script/gi)).toHaveLength(1);
    expect(markup.match(/<style/gi)).toHaveLength(1);
    expect(markup).not.toMatch(/<(link|img|iframe|object|embed|base)\b|\s(src|href|style)=|\son[a-z]+=/i);
    expect(markup).toContain('<div id="app"></div>');
  });

  it('has no way to reach another origin at run time', () => {
    const script = between(html, '<script>', '</script>').inner;
    // No module loading, no eval; URLs in the bundle are XML namespaces at most (Preact's SVG support).
    expect(script).not.toMatch(/\bimport\s*\(|\beval\s*\(|new Function\s*\(/);
    for (const url of script.match(/https?:\/\/[^\s"'`)]+/g) ?? []) expect(url).toMatch(/^http:\/\/www\.w3\.org\//);
  });

  it('refuses to inline text that would end the element early', () => {
    expect(() => studioPage('const a = "</script>";', '')).toThrow(/<\/script/);
    expect(() => studioPage('const a = "<!--";', '')).toThrow(/<!--/);
    expect(() => studioPage('', 'a::after { content: "</style>" }')).toThrow(/<\/style/);
    expect(studioPage('run()', 'p{}')).toContain('<style>p{}</style>');
  });
});
