#!/usr/bin/env node
import type { CliStreams } from './output.js';
import { runCli } from './program.js';
import { quietClosedOutput } from './quiet-closed-output.js';

// `brass-agent config | head -1`: a reader that stops early is not a crash.
quietClosedOutput(process.stdout);
quietClosedOutput(process.stderr);
// stdin is a getter: Node builds the stream on first access (a few ms for a file or pipe), and only chat and `-` read it (issue 21).
const streams: CliStreams = {
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
};
const exitCode = await runCli(process.argv.slice(2), streams, process.cwd());
process.exitCode = exitCode;
