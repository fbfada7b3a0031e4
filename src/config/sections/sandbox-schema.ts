import * as z from 'zod';
import { untrusted } from './untrusted-behaviour.js';

/** Sandbox modes from strictest to most permissive (the trust rule relies on this order). */
export const SANDBOX_MODES = ['required', 'auto', 'off'] as const;

/** An absolute path or one under the home directory (`~/...`): a relative one would depend on where brass-agent runs. */
const sandboxPath = () =>
  z
    .string({ error: 'expected a path' })
    .refine((value) => value.startsWith('/') || value.startsWith('~/'), { error: 'expected an absolute path or one starting with ~/' })
    .refine((value) => !value.includes('\0'), { error: 'contains a NUL byte' })
    .meta({ title: 'path' });

/** `sandbox`: the bubblewrap sandbox every command runs in. */
export const SandboxSchema = z
  .strictObject({
    mode: untrusted(
      z
        .enum(SANDBOX_MODES)
        .default('auto')
        .describe(
          'Where commands run. "auto" runs every command in the sandbox when it works here (in an untrusted workspace, commands then run only sandboxed); "required" refuses to run commands without it; "off" never uses it. An untrusted workspace file may only make it stricter.',
        ),
      { rule: 'stricter-only', order: SANDBOX_MODES, reason: 'sandboxes less than' },
    ),
    network: untrusted(z.boolean().default(false).describe('Give sandboxed commands the network (default: none). Ignored in an untrusted workspace file.'), {
      rule: 'not-to',
      value: true,
      reason: 'gives sandboxed commands the network',
    }),
    readOnlyPaths: untrusted(
      z
        .array(sandboxPath())
        .default(() => [])
        .describe('More paths sandboxed commands may read, e.g. a toolchain under your home directory (which is hidden from them). Ignored in an untrusted workspace file.'),
      { rule: 'no-new-entries', reason: 'lets sandboxed commands read more of your machine' },
    ),
    writablePaths: untrusted(
      z
        .array(sandboxPath())
        .default(() => [])
        .describe('More paths sandboxed commands may write besides the workspace, e.g. a package cache. Ignored in an untrusted workspace file.'),
      { rule: 'no-new-entries', reason: 'lets sandboxed commands write outside the workspace' },
    ),
  })
  .describe('The sandbox commands run in (bubblewrap on Linux).');
