/**
 * The session engine's cost, against the scripted LLM server's own timing
 * measured in the same run:
 * - first streamed byte to the first character on the chat's terminal
 *   renderer (Ink, rendering into an in-memory terminal), against the
 *   server's first byte reaching a bare `fetch`;
 * - the engine's time per turn (a text-only turn: history, prompt, the AI
 *   SDK stream, events, persisting the turn), against the same request
 *   made with a bare `fetch` read to its end;
 * - memory after N turns (default 200) with compaction on (a small
 *   `llm.contextWindow`, so older turns are summarised again and again).
 *
 *     npm run bench:session [-- --turns N] [-- --reps N]
 *
 * Medians of the reps; ratios are ours ÷ baseline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { openSessionStore, openWorkspace } from '../src/adapters/node-workspace/index.js';
import { createSessionEngine } from '../src/agent/engine/index.js';
import type { SessionEngine } from '../src/agent/engine/index.js';
import { createOutput } from '../src/cli/output.js';
import { openAgentEnvironment } from '../src/cli/run/open-agent-environment.js';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { ChatApp } from '../src/cli/chat/index.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../test/support/scripted-llm-server.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const ANSWER = 'The answer, streamed in pieces: '.concat('word '.repeat(60)).trim();

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** When the scripted server last began an answer (its first byte leaves right after). */
let answerStartedAt = 0;

/** One streamed completion with a bare fetch: the server's first byte to the client, and the whole request. */
async function bareRequest(server: ScriptedLlmServer): Promise<{ firstByteMs: number; totalMs: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'hello' }] }),
  });
  const reader = response.body!.getReader();
  let firstByteMs = Number.NaN;
  for (;;) {
    const chunk = await reader.read();
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - answerStartedAt;
    if (chunk.done) break;
  }
  return { firstByteMs, totalMs: performance.now() - started };
}

async function openEngine(root: string, env: NodeJS.ProcessEnv, contextWindow: number): Promise<SessionEngine> {
  fs.writeFileSync(path.join(root, '.brass-agent.json'), JSON.stringify({ llm: { contextWindow } }));
  const workspace = await openWorkspace({ cwd: root, env });
  const silent = createOutput({ stdout: new NullStream(), stderr: new NullStream(), env });
  const { environment, journal, checkpoints } = await openAgentEnvironment({ workspace, env, needsModel: true, ask: null, onEvent: () => undefined, output: silent });
  const sessions = openSessionStore(workspace, env);
  return createSessionEngine({ environment, mode: 'propose', journal, checkpoints, store: sessions.store, discovery: { run: false }, modelLabel: 'openai-compatible/bench' });
}

class NullStream extends Writable {
  override _write(_chunk: unknown, _encoding: string, done: () => void): void {
    done();
  }
}

/** Runs the benchmark and returns the lines of its report. */
export async function benchSession(options: { turns?: number; reps?: number } = {}): Promise<string[]> {
  const turns = options.turns ?? option('--turns', 200);
  const reps = options.reps ?? option('--reps', 20);
  const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-session-')));
  // The usage the server reports grows with the request (4 characters a token), as a real model's does: compaction has something to react to.
  const server = await startScriptedLlmServer({
    script: (request) => {
      answerStartedAt = performance.now();
      return { text: ANSWER, usage: { inputTokens: Math.ceil(JSON.stringify(request.body).length / 4), outputTokens: 80 } };
    },
  });
  try {
    const root = path.join(scratch, 'workspace');
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'README.md'), '# bench\n');
    const env = { ...process.env, XDG_STATE_HOME: path.join(scratch, 'state'), BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'bench', BRASS_LLM_BASE_URL: server.baseUrl };

    const bare = { firstByte: [] as number[], total: [] as number[] };
    await bareRequest(server);
    for (let rep = 0; rep < reps; rep++) {
      const timing = await bareRequest(server);
      bare.firstByte.push(timing.firstByteMs);
      bare.total.push(timing.totalMs);
    }

    // The engine per turn (no renderer attached), then the server's first byte to the first character of the answer in a frame of the chat UI.
    const engine = await openEngine(root, env, 1_000_000);
    await engine.send('warm up');
    const perTurn: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const sentAt = performance.now();
      await engine.send(`question ${rep}`);
      perTurn.push(performance.now() - sentAt);
    }
    const ui = render(createElement(ChatApp, { engine }));
    let firstCharacterAt: number | null = null;
    const write = ui.stdout.write;
    ui.stdout.write = (frame: string) => {
      if (firstCharacterAt === null && frame.includes('The answer')) firstCharacterAt = performance.now();
      write(frame);
    };
    const firstCharacter: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      // The transcript keeps earlier answers: a fresh screen per rep, so only this turn's answer counts.
      ui.rerender(createElement(ChatApp, { engine, key: rep }));
      await new Promise((resolve) => setTimeout(resolve, 30));
      firstCharacterAt = null;
      await engine.send(`question ${rep}`);
      for (let wait = 0; firstCharacterAt === null && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 5));
      if (firstCharacterAt !== null) firstCharacter.push(firstCharacterAt - answerStartedAt);
    }
    ui.unmount();
    await engine.close();

    // Memory after many turns with compaction on.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const long = await openEngine(root, env, 8_000);
    let compactions = 0;
    long.subscribe((event) => {
      if (event.type === 'session.compacted') compactions += 1;
    });
    for (let turn = 0; turn < turns; turn++) await long.send(`turn ${turn}: ${'context '.repeat(40)}`);
    gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    await long.close();

    const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(2)}×`;
    return [
      `session engine against the scripted server (bare fetch in the same run), median of ${reps}:`,
      `  first byte → first character on the chat renderer ${median(firstCharacter).toFixed(2).padStart(8)} ms   → bare fetch ${median(bare.firstByte).toFixed(2).padStart(8)} ms   ratio ${ratio(median(firstCharacter), median(bare.firstByte))}`,
      `  one text-only turn (engine, saved)                ${median(perTurn).toFixed(2).padStart(8)} ms   bare request ${median(bare.total).toFixed(2).padStart(8)} ms   ratio ${ratio(median(perTurn), median(bare.total))}`,
      `  heap after ${turns} turns (compaction on, ${compactions} compactions): ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB more than before${gc === undefined ? ' (run with --expose-gc for exact numbers)' : ''}`,
    ];
  } finally {
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchSession()) console.log(line);
}
