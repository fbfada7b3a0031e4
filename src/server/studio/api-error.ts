/** A failed API call: the HTTP status and the server's `{error: {code, message}}`, or what went wrong on the way. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The ApiError of a non-2xx answer: the server's error code and message when the body has them. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: { error?: { code?: unknown; message?: unknown } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's page, an empty body): the status line says what is known.
  }
  const code = typeof body.error?.code === 'string' ? body.error.code : 'http';
  const message = typeof body.error?.message === 'string' ? body.error.message : `${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, code, message);
}
