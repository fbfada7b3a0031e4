import type { AuthClient } from '../auth/auth-client.js';
import type { HttpClient } from '../http/http-client.js';
import { parseUser } from './user.js';
import type { User } from './user.js';

/** Reads users from the API on behalf of the signed-in user. */
export class UserService {
  constructor(
    private readonly auth: AuthClient,
    private readonly http: HttpClient,
  ) {}

  async getProfile(): Promise<User> {
    const response = await this.http.get('/me', { authorization: `Bearer ${this.auth.getToken()}` });
    if (response.status !== 200) throw new Error(`GET /me failed with status ${response.status}`);
    return parseUser(response.body);
  }

  async listTeam(teamId: string): Promise<User[]> {
    const response = await this.http.get(`/teams/${encodeURIComponent(teamId)}/members`, {
      authorization: `Bearer ${this.auth.getToken()}`,
    });
    if (response.status !== 200) throw new Error(`GET team ${teamId} failed with status ${response.status}`);
    if (!Array.isArray(response.body)) throw new Error('team payload is not a list');
    return response.body.map(parseUser);
  }
}
