import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRedactor, type CheckpointFileState, type CheckpointStore } from '../../core/index.js';
import { FakeRandom, fakeSecret } from '../../../test/support/fake-secrets.js';
import { shownDiffText } from '../patch/file-diff.js';
import { diffRunChanges } from './diff-run-changes.js';

/** The one store call diffRunChanges makes, over blobs held in memory. */
function blobStore(contents: readonly string[]): { store: CheckpointStore; stateOf: (content: string) => CheckpointFileState } {
  const blobs = new Map<string, Uint8Array>();
  const stateOf = (content: string): CheckpointFileState => {
    const bytes = Buffer.from(content);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    blobs.set(sha256, bytes);
    return { sha256, sizeBytes: bytes.length, modifiedMs: 0, mode: 0o644 };
  };
  for (const content of contents) stateOf(content);
  const readBlob = (sha256: string): Promise<Uint8Array> => Promise.resolve(blobs.get(sha256) ?? new Uint8Array());
  return { store: { readBlob } as unknown as CheckpointStore, stateOf };
}

describe('diffRunChanges with a redactor (issue 15, item 14)', () => {
  it('redacts the context lines of a file a command changed, and keeps the real diff', async () => {
    const token = fakeSecret(new FakeRandom(1514), 'github-classic').value;
    const before = `GITHUB_TOKEN=${token}\nPORT=3000\n`;
    const after = `GITHUB_TOKEN=${token}\nPORT=4000\n`;
    const { store, stateOf } = blobStore([]);
    const redactor = createRedactor();
    const [diff] = await diffRunChanges(store, [{ path: '.env', status: 'modified', before: stateOf(before), after: stateOf(after) }], (text) => redactor.redact(text).text);
    expect(diff!.text).toContain(token);
    expect(shownDiffText(diff!)).not.toContain(token);
    expect(shownDiffText(diff!)).toContain(' GITHUB_TOKEN=[REDACTED:github-token]\n-PORT=3000\n+PORT=4000\n');
  });
});
