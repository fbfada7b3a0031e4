import type { DiscoveryResult } from '../../context/discovery/index.js';
import type { ValidationCommandSpec } from '../validation/index.js';

/**
 * The validation commands a turn runs after applying a change: the ones
 * discovery ran, and the ones it found without a problem (an untrusted
 * command it could not run is not one of them).
 */
export function validationCommandsOf(discovery: DiscoveryResult): ValidationCommandSpec[] {
  return discovery.commands.filter((command) => command.ran || command.problem === undefined).map((command) => ({ name: command.name, argv: command.argv }));
}
