/**
 * A regular expression built on first use. A Unicode property class
 * (`\p{L}`) costs its module about 1.5 ms of CPU when the module loads, in
 * a literal too (V8 validates literals as it parses, even inside functions
 * never called), and a warm `docs --search` runs in a process that just
 * started and may never need the class (ASCII text has shortcuts); built
 * from a string, the pattern is parsed only when first asked for (issue 20).
 *
 * @example
 * const letters = lazyRegExp(String.raw`\p{L}+`, 'gu');
 * 'été'.match(letters());
 */
export function lazyRegExp(source: string, flags: string): () => RegExp {
  let built: RegExp | undefined;
  return () => (built ??= new RegExp(source, flags));
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Whether a text holds ASCII characters only: then the shortcuts beside a lazyRegExp give its answer. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}
