// `npm run bench:sandbox`: what the sandbox and checkpoints cost, each as a
// ratio against a baseline measured in the same run: a command's start in
// bubblewrap against the same command unsandboxed (`true`, the example's
// `npm test`; bench/sandbox-commands.ts), and a checkpoint of a 20,000-file
// tree against `git add -A` into a temporary index plus `git write-tree`
// (bench/checkpoint.ts). Each part also runs on its own with tsx.
import { benchCheckpoint } from './checkpoint.js';
import { benchSandboxCommands } from './sandbox-commands.js';

for (const line of await benchSandboxCommands()) console.log(line);
console.log('');
for (const line of await benchCheckpoint()) console.log(line);
