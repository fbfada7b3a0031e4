import { describe, expect, it } from 'vitest';
import { splitIdentifier, stemTerm, tokenizeCode } from './tokenize-code.js';

describe('tokenizeCode', () => {
  it.each([
    ['getUserById', ['getuserbyid', 'user', 'id']],
    ['parseHTTPResponse', ['parsehttprespons', 'pars', 'http', 'respons']],
    ['user_service', ['user_servic', 'user', 'servic']],
    ['auth-client', ['auth-client', 'auth', 'client']],
    ['path.join', ['path.join', 'path', 'join']],
    ['The tokens are cached', ['token', 'cach']],
  ])('%s', (text, expected) => {
    expect(tokenizeCode(text)).toEqual(expected);
  });

  it('keeps letters beyond ASCII in names, and splits plain ASCII text the same way either side of them', () => {
    expect(tokenizeCode('naïve_cache')).toEqual(['naïve_cach', 'naïv', 'cach']);
    expect(tokenizeCode('getUserById é')).toEqual(tokenizeCode('getUserById'));
    expect(tokenizeCode('getUserById')).toEqual(tokenizeCode('getUserById'));
  });

  it('drops stop words, numbers and data-like tokens', () => {
    expect(tokenizeCode(`the and 12345 ${'a'.repeat(80)} x`)).toEqual([]);
  });
});

describe('splitIdentifier', () => {
  it.each([
    ['TokenStore', ['token', 'store']],
    ['HTTP_TIMEOUT', ['http', 'timeout']],
    ['kebab-case-name', ['kebab', 'case', 'name']],
  ])('%s', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts);
  });
});

describe('stemTerm', () => {
  it.each([
    ['tokens', 'token'],
    ['entries', 'entry'],
    ['parsing', 'pars'],
    ['parse', 'pars'],
    ['matches', 'match'],
    ['status', 'status'],
    ['utf8', 'utf8'],
  ])('%s → %s', (term, stem) => {
    expect(stemTerm(term)).toBe(stem);
  });
});

describe('splitIdentifier by hand', () => {
  const byExpressions = (identifier: string) =>
    identifier
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((part) => part.length > 0)
      .map((part) => part.toLowerCase());

  it.each(['parseHTTPResponse2', 'XMLHttpRequest', 'ABCDefGHIjk', 'a1B', 'getX', 'ABC', 'aB_cD', '__proto__', '$scope', 'x-y.z', 'A', 'iOS17Beta', 'naïveCafé', 'HTTPÉtat'])('%s: as the regular expressions split it', (identifier) => {
    expect(splitIdentifier(identifier)).toEqual(byExpressions(identifier));
  });
});
