import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { retrievalIndexCacheDirectory } from './retrieval-index-cache-directory.js';
import { createJsonIndexCache } from './json-index-cache.js';

const KEY = '0123456789abcdef0123456789abcdef';

describe('retrievalIndexCacheDirectory', () => {
  it.each([
    [{ XDG_CACHE_HOME: '/var/cache/me' }, '/var/cache/me/brass-agent/retrieval-index'],
    [{ XDG_CACHE_HOME: 'relative/cache' }, '/home/me/.cache/brass-agent/retrieval-index'],
    [{}, '/home/me/.cache/brass-agent/retrieval-index'],
  ])('puts the cache under %j', (env, expected) => {
    expect(retrievalIndexCacheDirectory(env, '/home/me')).toBe(expected);
  });
});

describe('createJsonIndexCache', () => {
  it('loads nothing before the first save, then the last value saved, in a private file', async () => {
    await using temp = await createTempWorkspace();
    const directory = path.join(temp.root, 'cache', 'retrieval-index');
    const cache = createJsonIndexCache({ directory });
    expect(await cache.load(KEY)).toBeNull();
    await cache.save(KEY, { files: [['a.ts', 1]] });
    await cache.save(KEY, { files: [['b.ts', 2]], note: 'ünïcødé' });
    expect(await cache.load(KEY)).toEqual({ files: [['b.ts', 2]], note: 'ünïcødé' });
    expect(fs.readdirSync(directory)).toEqual([`${KEY}.json`]);
    expect(fs.statSync(path.join(directory, `${KEY}.json`)).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['not JSON', '{"files": [1, 2'],
    ['not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
  ])('refuses an entry that is %s with a cache-corrupt error', async (_name, content) => {
    await using temp = await createTempWorkspace();
    temp.write(`cache/${KEY}.json`, content);
    await expect(createJsonIndexCache({ directory: temp.path('cache') }).load(KEY)).rejects.toMatchObject({ code: 'cache-corrupt' });
  });

  it('refuses a key that is not a hex digest', async () => {
    await using temp = await createTempWorkspace();
    await expect(createJsonIndexCache({ directory: temp.root }).save('../escape', {})).rejects.toThrow(/slot: must be a lowercase hex digest/);
  });

  it('never shows a torn entry while two other processes keep replacing it', async () => {
    await using temp = await createTempWorkspace();
    const directory = temp.path('cache');
    const moduleUrl = new URL('./json-index-cache.ts', import.meta.url).href;
    // Each writer saves a large value of its own many times; every load must be one of them, whole.
    const script = temp.write(
      'writer.mjs',
      `import { createJsonIndexCache } from ${JSON.stringify(moduleUrl)};\n` +
        `const cache = createJsonIndexCache({ directory: ${JSON.stringify(directory)} });\n` +
        `const value = { writer: process.argv[2], payload: process.argv[2].repeat(400_000) };\n` +
        `for (let round = 0; round < 25; round += 1) await cache.save(${JSON.stringify(KEY)}, value);\n`,
    );
    const writers = ['a', 'b'].map(
      (name) =>
        new Promise<number | null>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', script, name], { stdio: ['ignore', 'ignore', 'inherit'] });
          child.on('error', reject);
          child.on('close', resolve);
        }),
    );
    let isDone = false;
    const finished = Promise.all(writers).then((codes) => {
      isDone = true;
      return codes;
    });
    const cache = createJsonIndexCache({ directory });
    while (!isDone) {
      const value = (await cache.load(KEY)) as { writer: string; payload: string } | null;
      if (value !== null) expect(value.payload).toBe(value.writer.repeat(400_000));
    }
    expect(await finished).toEqual([0, 0]);
    const last = (await cache.load(KEY)) as { writer: string; payload: string };
    expect(['a', 'b']).toContain(last.writer);
    expect(last.payload).toBe(last.writer.repeat(400_000));
    expect(fs.readdirSync(directory)).toEqual([`${KEY}.json`]);
  }, 30_000);
});
