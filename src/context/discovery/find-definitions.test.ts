import { describe, expect, it } from 'vitest';
import { findDefinitions } from './find-definitions.js';

describe('findDefinitions', () => {
  it.each([
    ['export class AuthClient {', 'AuthClient', 'declaration'],
    ['export default abstract class AuthClient<T> {', 'AuthClient', 'declaration'],
    ['export interface User {', 'User', 'declaration'],
    ['type Role = "a" | "b";', 'Role', 'declaration'],
    ['export declare enum Color {', 'Color', 'declaration'],
    ['export async function* stream() {', 'stream', 'declaration'],
    ['export const roundCents = (value: number) => value;', 'roundCents', 'declaration'],
    ['def apply_discount(price, rate):', 'apply_discount', 'declaration'],
    ['async def fetch_user(id):', 'fetch_user', 'declaration'],
    ['func applyDiscount(p Price) Price {', 'applyDiscount', 'declaration'],
    ['func (s *Store) Load(id string) error {', 'Load', 'declaration'],
    ['pub fn apply_discount(price: &Price, rate: f64) -> Price {', 'apply_discount', 'declaration'],
    ['pub(crate) struct Price {', 'Price', 'declaration'],
    ['export { helper, other as renamed };', 'renamed', 'export'],
    ['  getAccessToken(): string {', 'getAccessToken', 'member'],
    ['  private async refresh<T>(token: T): Promise<void> {', 'refresh', 'member'],
    ['  getToken(): string;', 'getToken', 'member'],
    ['  readonly displayName: string;', 'displayName', 'member'],
    ['  email?: string;', 'email', 'member'],
    ['DEFAULT_TIMEOUT = 30', 'DEFAULT_TIMEOUT', 'declaration'],
  ])('%s defines %s (%s)', (line, name, kind) => {
    expect(findDefinitions(line, name).map((definition) => definition.kind)).toEqual([kind]);
  });

  it.each([
    ['const token = this.auth.getToken();', 'getToken'],
    ['  getToken();', 'getToken'],
    ['  foo(bar, baz)', 'foo'],
    ['  if (isReady(x)) {', 'isReady'],
    ["export { helper } from './helper.js';", 'helper'],
    ['import { AuthClient } from "./auth-client.js";', 'AuthClient'],
    ['new AuthClientFactory()', 'AuthClient'],
    ['return AuthClient;', 'AuthClient'],
  ])('%s does not define %s', (line, name) => {
    expect(findDefinitions(line, name)).toEqual([]);
  });

  it('reports 1-based lines and whether a declaration is top-level', () => {
    const source = 'export class A {\n  run(): void {\n    const local = 1;\n  }\n}\nconst local = 2;';
    expect(findDefinitions(source, 'local')).toEqual([
      { name: 'local', line: 3, kind: 'declaration', isTopLevel: false },
      { name: 'local', line: 6, kind: 'declaration', isTopLevel: true },
    ]);
  });
});
