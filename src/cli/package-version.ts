import { createRequire } from 'node:module';

// Read at startup from the package's own manifest so `--version` can never drift from package.json.
const manifest = createRequire(import.meta.url)('../../package.json') as { version: string };

/** The version of the installed brass-agent package. */
export const PACKAGE_VERSION: string = manifest.version;
