import type { FileProbe } from './create-file-probe.js';
import type { PackageManager } from './validation-command.js';

/** Lockfiles, in the order the spec checks them. */
export const LOCKFILES: readonly { file: string; packageManager: PackageManager }[] = [
  { file: 'pnpm-lock.yaml', packageManager: 'pnpm' },
  { file: 'yarn.lock', packageManager: 'yarn' },
  { file: 'bun.lock', packageManager: 'bun' },
  { file: 'bun.lockb', packageManager: 'bun' },
  { file: 'package-lock.json', packageManager: 'npm' },
  { file: 'npm-shrinkwrap.json', packageManager: 'npm' },
];

const KNOWN = new Set<string>(['npm', 'pnpm', 'yarn', 'bun']);

/**
 * The package manager of a project: the `packageManager` field of the root
 * package.json (`"pnpm@9.1.0"`), else the first lockfile found at the root,
 * else npm when there is a package.json, else null.
 */
export async function detectPackageManager(options: { manifest: Readonly<Record<string, unknown>> | null; probe: FileProbe }): Promise<PackageManager | null> {
  const field = options.manifest?.packageManager;
  if (typeof field === 'string') {
    const name = field.split('@')[0]!.trim();
    if (KNOWN.has(name)) return name as PackageManager;
  }
  for (const lockfile of LOCKFILES) {
    if ((await options.probe.file(lockfile.file)) !== null) return lockfile.packageManager;
  }
  return options.manifest === null ? null : 'npm';
}
