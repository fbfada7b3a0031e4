import { EventEmitter } from 'node:events';

/** Keys as a terminal sends them, for `stdin.write` in Ink component tests. */
export const KEYS = { up: '\u001B[A', down: '\u001B[B', enter: '\r', tab: '\t', escape: '\u001B', ctrlC: '\u0003', ctrlO: '\u000F', backspace: '\u007F' } as const;

/** Lets Ink handle what was written and render (input handlers re-subscribe after each render). */
export function tick(ms = 15): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes each chunk to stdin, one tick apart. */
export async function press(stdin: { write(data: string): void }, ...chunks: string[]): Promise<void> {
  for (const chunk of chunks) {
    stdin.write(chunk);
    await tick();
  }
}

/** Polls the last frame until it passes `check` (a text it must contain, or a predicate); fails with the frame after `timeoutMs`. */
export async function waitForFrame(lastFrame: () => string | undefined, check: string | ((frame: string) => boolean), timeoutMs = 2000): Promise<string> {
  const passes = typeof check === 'string' ? (frame: string) => frame.includes(check) : check;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (passes(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`the frame never showed ${typeof check === 'string' ? JSON.stringify(check) : 'what was expected'}:\n${frame}`);
    await tick(5);
  }
}

/** A stdout for Ink at a given width (ink-testing-library's is always 100 columns); `resize` changes it as a terminal would. */
export class NarrowStdout extends EventEmitter {
  readonly frames: string[] = [];
  isTTY = true;
  rows = 40;
  constructor(public columns: number) {
    super();
  }
  write = (frame: string): boolean => {
    this.frames.push(frame);
    return true;
  };
  lastFrame = (): string | undefined => this.frames.at(-1);
  resize(columns: number): void {
    this.columns = columns;
    this.emit('resize');
  }
}

/** A stdin Ink can read keys from in raw mode (as ink-testing-library's). */
export class TestStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}
