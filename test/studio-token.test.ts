import { describe, expect, it } from 'vitest';
import { splitToken } from '../src/server/studio/split-token.js';

describe('the studio token', () => {
  it('is taken from the address, which keeps its other parts', () => {
    expect(splitToken('http://127.0.0.1:4100/?token=abc123')).toEqual({ token: 'abc123', cleanUrl: '/' });
    expect(splitToken('http://127.0.0.1:4100/?session=s1&token=a%2Bb#top')).toEqual({ token: 'a+b', cleanUrl: '/?session=s1#top' });
  });

  it('is null when the address has none (or an empty one)', () => {
    expect(splitToken('http://localhost:4100/')).toEqual({ token: null, cleanUrl: '/' });
    expect(splitToken('http://localhost:4100/?token=')).toEqual({ token: null, cleanUrl: '/' });
  });
});
