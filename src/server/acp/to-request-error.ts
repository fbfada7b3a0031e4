import { RequestError } from '@agentclientprotocol/sdk';
import { BrassError } from '../../core/index.js';

/** Our error codes that mean the editor sent something we refuse (JSON-RPC "invalid params"). */
const INVALID_PARAMS_CODES = new Set(['usage', 'invalid-input', 'outside-workspace', 'denied', 'not-found']);

/**
 * An error of a handler as the JSON-RPC error the editor gets, with one
 * line that names the problem: bad input (a path outside the workspace, an
 * unsupported content block) is -32602 with our code in `data`, a busy
 * session -32600, anything else -32603 with its message; and
 * every message is redacted (it may quote a file or an endpoint's answer).
 */
export function toRequestError(error: unknown, redact: (text: string) => string): RequestError {
  if (error instanceof RequestError) return new RequestError(error.code, redact(error.message), error.data);
  if (BrassError.isInstance(error)) {
    const message = redact(error.message);
    if (INVALID_PARAMS_CODES.has(error.code)) return new RequestError(-32602, message, { code: error.code });
    if (error.code === 'busy') return new RequestError(-32600, message, { code: error.code });
    return new RequestError(-32603, message, { code: error.code });
  }
  return new RequestError(-32603, redact(error instanceof Error ? error.message : String(error)));
}
