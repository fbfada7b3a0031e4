import path from 'node:path';
import * as z from 'zod';

/** Message for `trustedWorkspaces` found anywhere but the user config file. */
export const TRUSTED_WORKSPACES_ELSEWHERE_MESSAGE =
  'trustedWorkspaces is only read from the user config file; run `brass-agent trust` in the workspace instead';

/** `trustedWorkspaces` (user config file only): real paths of workspaces whose own config is trusted. */
export const TrustedWorkspacesSchema = z
  .array(
    z
      .string({ error: 'expected an absolute path' })
      .refine((value) => path.isAbsolute(value), { error: 'expected an absolute path' })
      .meta({ title: 'absolute path' }),
  )
  .default(() => [])
  .describe(
    'Absolute real paths of workspaces whose .brass-agent.json is trusted in full. Only read from the user config file; edit it with `brass-agent trust` and `brass-agent untrust`.',
  );
