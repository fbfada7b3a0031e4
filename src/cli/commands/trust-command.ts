import { Command } from 'commander';
import { readWorkspaceConfigFiles } from '../../adapters/node-workspace/index.js';
import { writeFileAtomic } from '../../adapters/file-system/index.js';
import { setWorkspaceTrust } from '../../config/index.js';
import { type CommandRunner, withCommonOptions } from '../command-context.js';
import { displayPath } from '../display-path.js';

/**
 * `brass-agent trust` / `untrust`: records the workspace's real path in the
 * user config (editing it in place, comments kept), so the workspace's own
 * `.brass-agent.json` may (or may no longer) widen permissions.
 */
export function trustCommand(
  name: 'trust' | 'untrust',
  run: CommandRunner,
): Command {
  const isTrusting = name === 'trust';
  return withCommonOptions(new Command(name))
    .description(
      isTrusting
        ? "trust this workspace: its .brass-agent.json may then widen permissions (shell allow rules, LLM endpoint, auto-approval)"
        : 'stop trusting this workspace: its .brass-agent.json may only narrow permissions again',
    )
    .action(async (raw: Record<string, unknown>) => {
      await run(async ({ options, output, streams }) => {
        const { probe, scope, files } = await readWorkspaceConfigFiles({ cwd: options.cwd, env: streams.env });
        const updated = setWorkspaceTrust(files.user.text, scope.root, isTrusting, files.user.path);
        // Untrusting with no user file at all changes nothing: do not create one.
        const isChanged = updated !== files.user.text && !(files.user.text === null && !isTrusting);
        // A user config kept as a symlink (dotfile managers) is written where it points.
        const target = (await probe.realpath(files.user.path)) ?? files.user.path;
        if (isChanged) await writeFileAtomic({ path: target, content: updated, isContained: () => true });
        const userConfig = displayPath(files.user.path, { root: scope.root, homeDir: probe.homeDir });
        if (options.json) {
          output.json({ version: 1, workspace: '.', trusted: isTrusting, changed: isChanged, userConfig });
          return;
        }
        const state = isTrusting ? 'trusted' : 'not trusted';
        output.result(`${scope.root} is ${isChanged ? 'now' : 'already'} ${state} (recorded in ${userConfig})`);
        if (isTrusting) output.info('Its .brass-agent.json may now widen permissions: shell allow rules, the LLM endpoint and key variable, auto-approval.');
      }, raw);
    });
}
