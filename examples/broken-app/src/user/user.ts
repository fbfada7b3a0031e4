export interface User {
  id: string;
  name: string;
  email: string;
}

/** Validates an API payload as a User; throws on anything else. */
export function parseUser(value: unknown): User {
  if (typeof value !== 'object' || value === null) throw new Error('user payload is not an object');
  const { id, name, email } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof email !== 'string') {
    throw new Error('user payload is missing id, name or email');
  }
  return { id, name, email };
}

/** "Ada Lovelace" -> "Ada L." */
export function shortName(user: User): string {
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last === undefined ? first : `${first} ${last[0]}.`;
}
