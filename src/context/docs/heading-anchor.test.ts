import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnchorAssigner, slugifyHeading } from './heading-anchor.js';

/** The rule as written with Unicode classes, which slugifyHeading applies to non-ASCII text (and shortcuts for ASCII). */
const unicodeSlug = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');

describe('slugifyHeading', () => {
  it.each([
    ['Server Options', 'server-options'],
    ['server.hmr', 'serverhmr'],
    ['What’s new in 2.0?', 'whats-new-in-20'],
    ['<script setup>', 'script-setup'],
    ['snake_case & kebab-case', 'snake_case--kebab-case'],
    ['Überblick', 'überblick'],
  ])('%j → %j (GitHub and VitePress write the same)', (heading, anchor) => {
    expect(slugifyHeading(heading)).toBe(anchor);
  });

  it('gives ASCII text the anchor the Unicode rule gives it', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 40 });
    fc.assert(fc.property(ascii, (text) => slugifyHeading(text) === unicodeSlug(text)), { numRuns: 2000 });
    expect(slugifyHeading('A_b-C d:E~9')).toBe(unicodeSlug('A_b-C d:E~9'));
  });
});

describe('createAnchorAssigner', () => {
  it('numbers repeats like GitHub, also when a numbered one exists already', () => {
    const assign = createAnchorAssigner();
    expect(['Intro', 'Intro', 'Intro 1', 'Intro'].map((text) => assign(text))).toEqual(['intro', 'intro-1', 'intro-1-1', 'intro-2']);
  });

  it('lets an explicit id win, and numbers a repeated one too', () => {
    const assign = createAnchorAssigner();
    expect([assign('Setup', 'install'), assign('Install'), assign('Other', 'install')]).toEqual(['install', 'install-1', 'install-2']);
  });
});
