/**
 * Checks the case files against the mirror (README.md's rules): every field
 * present, ids unique, `parent` the first parent of `fix`, every gold file
 * changed by the fix and present at `parent`, the issue URL an issue of the
 * repository. Prints one line per problem; exits 1 when there is any.
 *
 *     npx tsx bench/real-tasks/check-cases.ts [-- --mirror DIR]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gitDirectoryOf, mirrorFromArguments } from './case-files.js';

const HERE = import.meta.dirname;
const mirror = mirrorFromArguments(process.argv);
const HEX = /^[0-9a-f]{40}$/;
const problems: string[] = [];
const ids = new Set<string>();
let total = 0;

for (const name of fs.readdirSync(path.join(HERE, 'cases')).filter((file) => file.endsWith('.json')).sort()) {
  const file = JSON.parse(fs.readFileSync(path.join(HERE, 'cases', name), 'utf8')) as { repo: string; snapshot: string; cases: Record<string, unknown>[] };
  if (name !== `${file.repo.replace('/', '+')}.json`) problems.push(`${name}: repo ${file.repo} does not match the file name`);
  const gitDir = gitDirectoryOf(mirror, file.repo) ?? undefined;
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir!, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  for (const testCase of file.cases) {
    total += 1;
    const id = String(testCase['id']);
    const issue = testCase['issue'] as { number?: number; url?: string; title?: string; body?: string } | undefined;
    const gold = testCase['gold'] as string[] | undefined;
    const fix = String(testCase['fix']);
    const parent = String(testCase['parent']);
    if (ids.has(id)) problems.push(`${id}: duplicate id`);
    ids.add(id);
    if (issue === undefined || typeof issue.title !== 'string' || typeof issue.body !== 'string' || issue.url !== `https://github.com/${file.repo}/issues/${issue.number}`) problems.push(`${id}: issue fields missing or URL not an issue of ${file.repo}`);
    if (!HEX.test(fix) || !HEX.test(parent)) problems.push(`${id}: fix and parent must be 40-hex`);
    if (!Array.isArray(gold) || gold.length === 0 || gold.length > 6) problems.push(`${id}: gold must hold 1 to 6 files`);
    if (typeof testCase['how'] !== 'string') problems.push(`${id}: how is missing`);
    if (gitDir === undefined) continue;
    try {
      const firstParent = git('rev-parse', `${fix}^1`).trim();
      if (firstParent !== parent) problems.push(`${id}: parent ${parent.slice(0, 10)} is not the first parent of ${fix.slice(0, 10)}`);
      const changed = new Set(git('diff', '--name-only', parent, fix).split('\n'));
      for (const file of gold ?? []) {
        if (!changed.has(file)) problems.push(`${id}: gold ${file} is not changed by the fix`);
        try {
          git('cat-file', '-e', `${parent}:${file}`);
        } catch {
          problems.push(`${id}: gold ${file} does not exist at the parent`);
        }
      }
    } catch {
      problems.push(`${id}: the mirror lacks ${fix.slice(0, 10)} or its parent`);
    }
  }
}
for (const problem of problems) console.log(problem);
console.log(`${total} cases, ${problems.length} problems`);
process.exitCode = problems.length === 0 ? 0 : 1;
