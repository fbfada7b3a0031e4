import type { DocsFile } from './list-docs-files.js';
import { literalTarget, targetOfPath, targetPriority } from './page-target.js';

/** A page file with its canonical target. */
export interface TargetedFile extends DocsFile {
  target: string;
}

/**
 * Gives every page file its target (see targetOfPath) and settles clashes:
 * `x/index.md` wins `x` over `x/README.md`, which wins over `x.md`; the
 * loser keeps its literal path (`x/README`) when that is free and is left
 * out with a warning otherwise. Files of several docs directories clash the
 * same way; the earlier directory wins a tie. Sorted by target.
 */
export function assignTargets(files: readonly DocsFile[]): { files: TargetedFile[]; warnings: string[] } {
  const warnings: string[] = [];
  const ordered = files
    .map((file, order) => ({ file, order, target: targetOfPath(file.relativePath), priority: targetPriority(file.relativePath) }))
    .sort((left, right) => left.priority - right.priority || left.order - right.order);
  const taken = new Map<string, TargetedFile>();
  const losers: typeof ordered = [];
  for (const entry of ordered) {
    if (taken.has(entry.target)) losers.push(entry);
    else taken.set(entry.target, { ...entry.file, target: entry.target });
  }
  for (const entry of losers) {
    const literal = literalTarget(entry.file.relativePath);
    if (!taken.has(literal)) {
      taken.set(literal, { ...entry.file, target: literal });
      continue;
    }
    warnings.push(`${entry.file.path}: left out, because ${taken.get(entry.target)!.path} already has the target ${JSON.stringify(entry.target)}`);
  }
  const assigned = [...taken.values()].sort((left, right) => (left.target < right.target ? -1 : left.target > right.target ? 1 : 0));
  return { files: assigned, warnings };
}
