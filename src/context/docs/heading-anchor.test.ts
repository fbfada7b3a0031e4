import { describe, expect, it } from 'vitest';
import { createAnchorAssigner, slugifyHeading } from './heading-anchor.js';

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
