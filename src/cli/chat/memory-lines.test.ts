import { describe, expect, it } from 'vitest';
import { openTestMemory } from '../../../test/support/agent-test-kit.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { MAX_CHAT_MEMORY_LINES, memoryLines } from './memory-lines.js';

describe('memoryLines (/memory)', () => {
  it('lists the newest entries, capped, and searches with an argument', async () => {
    await using state = await createTempWorkspace();
    const memory = openTestMemory(state.root, '/w');
    expect(await memoryLines(memory, '')).toEqual(['no memory yet: the agent writes it with its remember tool']);
    for (let index = 0; index < MAX_CHAT_MEMORY_LINES + 2; index += 1) await memory.remember({ title: `Fact ${index}`, text: index === 3 ? 'The date helpers live in packages/core/src/time.' : `note ${index}` }, { source: 'model', session: null });
    const listed = await memoryLines(memory, '');
    expect(listed).toHaveLength(MAX_CHAT_MEMORY_LINES + 1);
    expect(listed.at(-1)).toBe('… 2 more: /memory QUERY searches them, brass-agent memory list shows all');
    expect((await memoryLines(memory, 'date helpers'))[0]).toMatch(/^\S+ {2}Fact 3 — The date helpers live in packages\/core\/src\/time\.$/);
    expect(await memoryLines(memory, 'zzqqxx')).toEqual(['no memory entry matches "zzqqxx"']);
  });

  it('says when there is no memory', async () => {
    expect(await memoryLines(null, '')).toEqual([expect.stringMatching(/^memory is off/)]);
  });
});
