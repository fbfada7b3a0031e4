/** A signed-in user's tokens, as returned by the identity provider. */
export interface StoredToken {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Where the tokens live between requests (memory in tests, the keychain in the app). */
export interface TokenStore {
  load(): StoredToken | undefined;
  save(token: StoredToken): void;
  clear(): void;
}

/** A TokenStore that keeps the token in memory. */
export class InMemoryTokenStore implements TokenStore {
  private token: StoredToken | undefined;

  constructor(initial?: StoredToken) {
    this.token = initial;
  }

  load(): StoredToken | undefined {
    return this.token;
  }

  save(token: StoredToken): void {
    this.token = token;
  }

  clear(): void {
    this.token = undefined;
  }
}
