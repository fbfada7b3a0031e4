import { describe, expect, it } from 'vitest';
import { AuthClient } from '../auth/auth-client.js';
import { InMemoryTokenStore } from '../auth/token-store.js';
import { createStaticHttpClient } from '../http/http-client.js';
import { UserService } from './user-service.js';

const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' };

describe('UserService', () => {
  it('fetches the signed-in user with a bearer token', async () => {
    const store = new InMemoryTokenStore({ accessToken: 'token-1', refreshToken: 'refresh-1', expiresAt: 2_000_000 });
    const auth = new AuthClient({
      store,
      refresh: () => {
        throw new Error('the token is fresh; no refresh expected');
      },
      now: () => 1_000_000,
    });
    const http = createStaticHttpClient({ '/me': ADA });

    const profile = await new UserService(auth, http).getProfile();

    expect(profile).toEqual(ADA);
    expect(http.requests).toEqual([{ path: '/me', headers: { authorization: 'Bearer token-1' } }]);
  });
});
