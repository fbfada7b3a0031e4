/** Whether `error` is a Node system error (it carries an errno `code` such as `ENOENT`). */
export function isErrnoError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}
