import { BrassError } from '../../core/index.js';

/**
 * Bytes on the wire allowed per output token of a reply: streamed events
 * carry JSON framing around each delta (ids, model name, indexes), a few
 * hundred bytes for a delta of one token at worst.
 */
export const MAX_WIRE_BYTES_PER_OUTPUT_TOKEN = 1024;

/** Wire bytes every reply may use besides its tokens: headers of the stream, usage, a provider's error body. */
export const BASE_WIRE_BYTES = 1024 * 1024;

/** The wire bound of one response allowed `maxOutputTokens` tokens. */
export function wireByteBound(maxOutputTokens: number): number {
  return BASE_WIRE_BYTES + maxOutputTokens * MAX_WIRE_BYTES_PER_OUTPUT_TOKEN;
}

/**
 * A fetch whose response bodies end in BrassError `llm-output-too-long` once
 * they pass `maxBytes`: the stream parser never buffers more than that, even
 * for one event whose line never ends. Passing the bound cancels the body,
 * which closes the connection.
 */
export function boundResponseBytes(baseFetch: typeof fetch, maxBytes: number, maxOutputTokens: number): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.body === null) return response;
    let bytes = 0;
    const bounded = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          if (bytes > maxBytes) {
            controller.error(
              new BrassError('llm-output-too-long', `the model's response passed ${maxBytes} bytes, the bound for llm.maxOutputTokens ${maxOutputTokens}; stopped reading it`, {
                hint: 'the endpoint did not stop at the output token limit; check its settings, or raise llm.maxOutputTokens for longer replies',
              }),
            );
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(bounded, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
