import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './analyze-message.js';

const names = (message: string) => Object.fromEntries(analyzeMessage(message).identifiers.map((identifier) => [identifier.name, identifier.role]));

describe('analyzeMessage', () => {
  it.each([
    ["Property 'getToken' does not exist on type 'AuthClient'.", { getToken: 'member', AuthClient: 'type' }],
    ["Property 'findUserById' does not exist on type 'Repo'. Did you mean 'findUser'?", { findUserById: 'member', Repo: 'type', findUser: 'suggestion' }],
    ["Object literal may only specify known properties, and 'name' does not exist in type 'User'.", { User: 'type' }],
    ["Property 'email' is missing in type '{ id: string; }' but required in type 'Account'.", { email: 'member', Account: 'type' }],
    ["Cannot find name 'AuthClient'.", { AuthClient: 'missing' }],
    ["'missingHelper' is not defined.", { missingHelper: 'missing' }],
    ['ReferenceError: loadRates is not defined', { loadRates: 'missing' }],
    ['TypeError: this.auth.getToken is not a function', { getToken: 'callee' }],
    ["TypeError: Cannot read properties of undefined (reading 'standard')", { standard: 'member' }],
    ["TypeError: apply_discount() got an unexpected keyword argument 'rounding'", { apply_discount: 'callee', rounding: 'quoted' }],
    ["AttributeError: 'Repo' object has no attribute 'find_user'", { Repo: 'type', find_user: 'member' }],
    ['undefined: applyDiscount', { applyDiscount: 'missing' }],
    ['no field `amount` on type `&Price`', { amount: 'member', Price: 'type' }],
    ["Type 'Product | null' is not assignable to type 'Product'.", { Product: 'quoted' }],
    ["Argument of type 'string' is not assignable to parameter of type 'UserId'.", { UserId: 'quoted' }],
    ["This comparison appears to be unintentional because the types 'Role' and '\"reader\"' have no overlap.", { Role: 'quoted', reader: 'quoted' }],
  ])('%s', (message, expected) => {
    expect(names(message)).toEqual(expected);
  });

  it.each([
    [`Module '"../lib/shapes.js"' has no exported member 'getRole'.`, ['../lib/shapes.js'], { getRole: 'export' }],
    [`'"./discount.js"' has no exported member named 'DiscountCode'. Did you mean 'Discount'?`, ['./discount.js'], { DiscountCode: 'export', Discount: 'suggestion' }],
    [`Module '"./order.js"' declares 'isCancellable' locally, but it is not exported.`, ['./order.js'], { isCancellable: 'export' }],
    [`Module '"./config/settings.js"' has no default export.`, ['./config/settings.js'], {}],
    ["Cannot find module './missing-module.js' or its corresponding type declarations.", ['./missing-module.js'], {}],
    ['Could not resolve "./nope.js"', ['./nope.js'], {}],
    ["ModuleNotFoundError: No module named 'app.shipping'", ['app.shipping'], {}],
    ['unresolved import `crate::pricing::Currency`', ['crate::pricing'], { Currency: 'export' }],
  ])('%s names its module', (message, modules, expected) => {
    expect(analyzeMessage(message).modules).toEqual(modules);
    expect(names(message)).toEqual(expected);
  });

  it('counts names of elaboration lines as merely quoted', () => {
    expect(names("Type '{ a: Invoice }' is not assignable to type 'Draft'.\n  Property 'total' is missing in type 'Invoice' but required in type 'Draft'.")).toEqual({ Invoice: 'quoted', Draft: 'quoted', total: 'quoted' });
  });

  it('drops builtins and short names', () => {
    expect(names("Type 'string' is not assignable to type 'Promise<number>'.")).toEqual({});
    expect(names("Cannot find name 'x'.")).toEqual({});
  });
});
