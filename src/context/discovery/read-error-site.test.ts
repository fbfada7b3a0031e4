import { describe, expect, it } from 'vitest';
import { readErrorLine } from './read-error-line.js';
import { readErrorSite } from './read-error-site.js';

const at = (source: string, line: number, column: number | undefined, failure: { code?: string; message: string } = { message: '' }) => readErrorSite(source, line, column, failure);

describe('readErrorLine', () => {
  it('reads the identifier at a column, the chain through it and the call around it', () => {
    const line = '    const response = await this.http.get(`Bearer ${this.auth.getToken()}`, store.create(a, b));';
    expect(readErrorLine(line, line.indexOf('getToken') + 1)).toMatchObject({ atColumn: 'getToken', chain: ['this', 'auth', 'getToken'], isChainCalled: true });
    expect(readErrorLine(line, line.indexOf(', b') + 3).enclosingCall).toEqual(['store', 'create']);
    expect(readErrorLine('  return product;', 3)).toMatchObject({ atColumn: 'product', chain: ['product'] });
    expect(readErrorLine('x = "const hidden = 1" + shown', 1).identifiers).toEqual(['x', 'shown']);
  });
});

describe('readErrorSite', () => {
  it('names the function called at the column', () => {
    expect(at('console.log(formatUser(user));', 1, 13, { code: 'TS2554', message: 'Expected 2 arguments, but got 1.' })).toContainEqual({ name: 'formatUser', role: 'callee' });
  });

  it("names the receiver's declared type for a member (this.auth.getToken → AuthClient)", () => {
    const source = 'class S {\n  constructor(private readonly auth: AuthClient) {}\n  run() {\n    return this.auth.getToken();\n  }\n}';
    expect(at(source, 4, 22)).toEqual([
      { name: 'AuthClient', role: 'type' },
      { name: 'getToken', role: 'member' },
    ]);
  });

  it('follows a local variable to the call that produced it', () => {
    const source = 'class C {\n  constructor(private readonly repository: ProductRepository) {}\n  get(sku: string) {\n    const product = this.repository.findBySku(sku);\n    return product;\n  }\n}';
    expect(at(source, 5, 5, { code: 'TS2322', message: "Type 'Product | null' is not assignable to type 'Product'." })).toEqual([
      { name: 'ProductRepository', role: 'type' },
      { name: 'findBySku', role: 'member' },
    ]);
  });

  it('blames the called function for an argument error, and the producer when the value only got wider', () => {
    const source = "import { bearerToken } from './request.js';\nconst token = bearerToken(request);\nconst session = resolve(token);";
    expect(at(source, 3, 25, { code: 'TS2554', message: 'Expected 2 arguments, but got 1.' })).toContainEqual({ name: 'resolve', role: 'callee' });
    const widened = at(source, 3, 25, { code: 'TS2345', message: "Argument of type 'string | undefined' is not assignable to parameter of type 'string'." });
    expect(widened).toContainEqual({ name: 'bearerToken', role: 'callee' });
    expect(widened).not.toContainEqual({ name: 'resolve', role: 'callee' });
  });

  it('reads a chain split over lines and a JSX tag', () => {
    const chained = 'return new Router()\n  .on("GET", "/x", handler)\n  .on("POST", "/y", other);';
    expect(at(chained, 2, 4)).toContainEqual({ name: 'Router', role: 'type' });
    const jsx = 'export function Page() {\n  return (\n    <Button\n      variant="primary"\n    />\n  );\n}';
    expect(at(jsx, 4, 7)).toContainEqual({ name: 'Button', role: 'callee' });
  });
});
