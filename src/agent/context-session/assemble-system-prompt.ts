/**
 * The system prompt of a session: the plain prompt, then each non-empty
 * context section (guidance, scoped context, rules and the manifest),
 * separated by blank lines. With no sections the result is `basePrompt`
 * itself, byte for byte.
 *
 * @example
 * assembleSystemPrompt('You are...', ['', '']); // 'You are...'
 */
export function assembleSystemPrompt(basePrompt: string, sections: readonly string[]): string {
  const present = sections.filter((section) => section.length > 0);
  if (present.length === 0) return basePrompt;
  return `${basePrompt.trimEnd()}\n\n${present.join('\n\n')}\n`;
}
