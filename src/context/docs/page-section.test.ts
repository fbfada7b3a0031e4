import { describe, expect, it } from 'vitest';
import { anchorsOf, findSection, headingOfBlock } from './page-section.js';
import { scanMarkdown } from './scan-markdown.js';

const BODY = ['# Config', '', 'Intro.', '', '## Server', '', 'Port and host.', '', '### Proxy', '', 'Proxy rules.', '', '## Build', '', 'Output dir.', ''].join('\n');

describe('findSection', () => {
  const { blocks } = scanMarkdown(BODY);

  it('returns the heading and what is under it, down to the next heading of its level', () => {
    expect(findSection(BODY, blocks, 'server')).toEqual({ anchor: 'server', heading: 'Server', body: '## Server\n\nPort and host.\n\n### Proxy\n\nProxy rules.\n\n' });
    expect(findSection(BODY, blocks, 'build')?.body).toBe('## Build\n\nOutput dir.\n');
  });

  it('finds an anchor typed in another case or as the heading text', () => {
    expect(findSection(BODY, blocks, 'PROXY')?.anchor).toBe('proxy');
    expect(findSection(BODY, blocks, 'Server')?.anchor).toBe('server');
  });

  it('is null for an anchor the page does not have, whose anchors are listed in order', () => {
    expect(findSection(BODY, blocks, 'deploy')).toBeNull();
    expect(anchorsOf(blocks)).toEqual(['config', 'server', 'proxy', 'build']);
  });
});

describe('headingOfBlock', () => {
  it('names the nearest heading above a block, but not the page title', () => {
    const { blocks } = scanMarkdown(BODY);
    const indexOf = (text: string) => blocks.findIndex((block) => block.text === text);
    expect(headingOfBlock(blocks, indexOf('Intro.'))).toBeNull();
    expect(headingOfBlock(blocks, indexOf('Proxy rules.'))).toEqual({ anchor: 'proxy', heading: 'Proxy' });
    expect(headingOfBlock(scanMarkdown('Lead.\n\n## Usage\n\nText.').blocks, 2)).toEqual({ anchor: 'usage', heading: 'Usage' });
  });
});
