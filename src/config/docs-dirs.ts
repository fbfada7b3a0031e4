/**
 * The docs directories of a resolved `docs.dir`, always as a list. Apart from
 * the schema so that a command holding a resolved config (a warm docs search)
 * gets it without loading zod.
 */
export function docsDirsOf(dir: string | readonly string[]): string[] {
  return typeof dir === 'string' ? [dir] : [...dir];
}
