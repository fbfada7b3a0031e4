#!/usr/bin/env node
import { runCli } from './program.js';
import { quietClosedOutput } from './quiet-closed-output.js';

// `brass-agent config | head -1`: a reader that stops early is not a crash.
quietClosedOutput(process.stdout);
quietClosedOutput(process.stderr);
const exitCode = await runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }, process.cwd());
process.exitCode = exitCode;
