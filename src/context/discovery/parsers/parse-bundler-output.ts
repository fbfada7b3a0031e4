import type { Diagnostic } from '../diagnostic.js';
import { location } from './parse-helpers.js';

// esbuild: `✘ [ERROR] message` (or `X [ERROR]` without Unicode), then an indented `file:l:c:` line.
const ESBUILD_HEADER = /^\s*(?:✘|X|▲) \[(ERROR|WARNING)\] (.+)$/;
const ESBUILD_LOCATION = /^\s{2,}(\S.*?):(\d+):(\d+):$/;
// Vite 8 / Rolldown: `[CODE] message` then `╭─[ file:l:c ]`.
const ROLLDOWN_HEADER = /^\s*\[([\w:-]+)\] (.+)$/;
const ROLLDOWN_LOCATION = /^\s*╭─+\[ (.+):(\d+):(\d+) \]\s*$/;
// Vite 5-7: `[vite]: Rollup failed to resolve import "./x" from "src/a.ts".`, `file: /abs/src/a.ts:2:24`.
const VITE_RESOLVE = /failed to resolve import "([^"]+)" from "([^"]+)"/i;
const VITE_FILE = /^\s*file: (.+?):(\d+):(\d+)\s*$/;
// webpack: `ERROR in ./src/a.ts 3:0-38` (column 0-based), ts-loader: `[tsl] ERROR in /abs/src/a.ts(4,8)`.
const WEBPACK_HEADER = /^(?:\[tsl\] )?ERROR in (.+?)(?:\((\d+),(\d+)\)| (\d+):(\d+)(?:-\d+(?::\d+)?)?)?\s*$/;
const WEBPACK_RESOLVE = /Can't resolve '([^']+)'/;

/**
 * Parses bundler errors: esbuild (`✘ [ERROR] msg` + `file:l:c:`), Vite 8 /
 * Rolldown (`[CODE] msg` + `╭─[ file:l:c ]`), older Vite (`failed to resolve
 * import "x" from "file"`, `file: path:l:c`) and webpack (`ERROR in ./file
 * l:c-c`, ts-loader's `[tsl] ERROR in file(l,c)` with the TS message on the
 * next line, `Module not found: Error: Can't resolve 'x'`).
 */
export function parseBundlerOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let pending: Diagnostic | null = null;
  for (const line of lines) {
    const esbuild = line.includes('[ERROR]') || line.includes('[WARNING]') ? ESBUILD_HEADER.exec(line) : null;
    if (esbuild) {
      pending = { source: 'bundler', message: esbuild[2]!, locations: [] };
      diagnostics.push(pending);
      continue;
    }
    const rolldownLocation = line.includes('╭') ? ROLLDOWN_LOCATION.exec(line) : null;
    if (rolldownLocation && pending && pending.locations.length === 0) {
      pending.locations.push(location(rolldownLocation[1]!, rolldownLocation[2], rolldownLocation[3], 'error'));
      continue;
    }
    const esbuildLocation = pending && pending.locations.length === 0 ? ESBUILD_LOCATION.exec(line) : null;
    if (esbuildLocation && pending) {
      pending.locations.push(location(esbuildLocation[1]!, esbuildLocation[2], esbuildLocation[3], 'error'));
      continue;
    }
    const webpack = line.includes('ERROR in ') ? WEBPACK_HEADER.exec(line) : null;
    if (webpack) {
      const column = webpack[3] ?? (webpack[5] === undefined ? undefined : String(Number(webpack[5]) + 1));
      pending = { source: 'bundler', message: '', locations: [location(webpack[1]!, webpack[2] ?? webpack[4], column, 'error')] };
      diagnostics.push(pending);
      continue;
    }
    const viteResolve = VITE_RESOLVE.exec(line);
    if (viteResolve) {
      pending = { source: 'bundler', message: line.trim(), locations: [location(viteResolve[2]!, undefined, undefined, 'error')], modules: [viteResolve[1]!] };
      diagnostics.push(pending);
      continue;
    }
    const viteFile = line.includes('file: ') ? VITE_FILE.exec(line) : null;
    if (viteFile) {
      diagnostics.push({ source: 'bundler', message: '', locations: [location(viteFile[1]!, viteFile[2], viteFile[3], 'error')] });
      continue;
    }
    const rolldown = line.startsWith('[') || line.startsWith(' [') ? ROLLDOWN_HEADER.exec(line) : null;
    if (rolldown) {
      pending = { source: 'bundler', code: rolldown[1]!, message: rolldown[2]!, locations: [] };
      diagnostics.push(pending);
      continue;
    }
    if (pending && pending.message.length === 0 && line.trim().length > 0) {
      pending.message = line.trim();
      const resolve = WEBPACK_RESOLVE.exec(line);
      if (resolve) pending.modules = [resolve[1]!];
    }
  }
  return diagnostics.filter((diagnostic) => diagnostic.locations.length > 0 || (diagnostic.modules?.length ?? 0) > 0);
}
