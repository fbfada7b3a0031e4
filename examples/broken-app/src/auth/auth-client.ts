import type { StoredToken, TokenStore } from './token-store.js';

/** Tokens this close to expiry are refreshed first, so a request in flight does not fail. */
const EXPIRY_MARGIN_MS = 30_000;

export interface AuthClientOptions {
  store: TokenStore;
  /** Exchanges a refresh token for a new token (a call to the identity provider). */
  refresh: (refreshToken: string) => StoredToken;
  now?: () => number;
}

/** Hands out access tokens for API calls and keeps them fresh. */
export class AuthClient {
  private readonly store: TokenStore;
  private readonly refresh: (refreshToken: string) => StoredToken;
  private readonly now: () => number;

  constructor(options: AuthClientOptions) {
    this.store = options.store;
    this.refresh = options.refresh;
    this.now = options.now ?? Date.now;
  }

  /** Whether a token is stored (it may still need a refresh). */
  isSignedIn(): boolean {
    return this.store.load() !== undefined;
  }

  /**
   * Returns an access token that is valid for at least EXPIRY_MARGIN_MS,
   * refreshing the stored token first when needed.
   */
  getAccessToken(): string {
    const token = this.store.load();
    if (token === undefined) throw new Error('not signed in');
    if (token.expiresAt - this.now() > EXPIRY_MARGIN_MS) return token.accessToken;
    const refreshed = this.refresh(token.refreshToken);
    this.store.save(refreshed);
    return refreshed.accessToken;
  }

  signOut(): void {
    this.store.clear();
  }
}
