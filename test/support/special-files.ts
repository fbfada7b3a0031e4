import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Creates a FIFO (named pipe) at `target`; nothing ever writes to it, so a blocking read would hang. */
export function makeFifo(target: string): string {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  execFileSync('mkfifo', [target]);
  return target;
}

/** Creates a symlink at `target` pointing to `to` (absolute or relative), creating parent directories. */
export function makeSymlink(target: string, to: string): string {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.symlinkSync(to, target);
  return target;
}

/** A secret file in a temp directory outside any test workspace; remove it with the returned dispose. */
export function makeOutsideSecret(content = 'SECRET-KEY-MATERIAL\n'): { file: string; dispose: () => void } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-outside-'));
  const file = path.join(directory, 'id_rsa');
  fs.writeFileSync(file, content);
  return { file, dispose: () => fs.rmSync(directory, { recursive: true, force: true }) };
}

/** Bytes that are not valid UTF-8 around some text. */
export function invalidUtf8(text: string): Buffer {
  return Buffer.concat([Buffer.from(`${text} `), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from(' end\n')]);
}
