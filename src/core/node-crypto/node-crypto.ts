import type * as NodeCryptoModule from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let loaded: typeof NodeCryptoModule | undefined;

/**
 * Node's crypto module, loaded on the first call rather than at start-up:
 * loading it costs about 4 ms of CPU, which commands that hash and write
 * nothing (read, context, policy check) should not pay (issue 21). Use it
 * instead of importing `node:crypto`.
 *
 * @example
 * const digest = nodeCrypto().createHash('sha256').update(text).digest('hex');
 */
export function nodeCrypto(): typeof NodeCryptoModule {
  loaded ??= require('node:crypto') as typeof NodeCryptoModule;
  return loaded;
}
