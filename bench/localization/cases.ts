/**
 * The localization benchmark's cases: one realistic breaking change each,
 * applied to a copy of a healthy fixture project (test/fixtures/<fixture>)
 * or, for `broken-app`, the example workspace as it ships (already broken).
 * `file` is the file that changed: the answer discovery must read.
 */
export interface LocalizationCase {
  id: string;
  /**
   * What fails: `tsc` (default) captures `tsc --noEmit`; `test` keeps the
   * types valid but breaks behaviour, and captures the fixture's whole
   * vitest run (`vitest run`, see TEST_INCLUDE) in a git repository, the
   * change uncommitted and then committed.
   */
  kind?: 'tsc' | 'test';
  fixture: 'shop' | 'notes-api' | 'monorepo' | 'broken-app';
  /** Workspace-relative path of the changed file. */
  file: string;
  /** The kind of change, for the report. */
  change: 'rename export' | 'change signature' | 'remove property' | 'change return type' | 'rename member' | 'rename type' | 'change parameter type' | 'stop exporting' | 'default to named export' | 'narrow type' | 'change property type'
    | 'off-by-one' | 'swapped condition' | 'wrong constant' | 'dropped branch' | 'wrong default' | 'changed rounding'
    | 'swapped arguments' | 'method to getter' | 'change type alias' | 'wrong key' | 'wrong variable' | 'wrong order' | 'dropped argument' | 'dropped statement' | 'dropped term' | 'changed message';
  /**
   * Written after the ranking was tuned on the cases above it. Batch 1 was
   * then looked at (its first-run figures are in the report); batch 2 was
   * run once and not tuned on: the honest estimate of generalisation.
   * Batch 3 (failing tests, not type errors) was likewise run once.
   * Batch 4 (type errors and failing tests, many of them in modules that
   * others import, the error reported elsewhere) was written after the
   * ordering work on batches 1–3 and run once.
   */
  heldOutBatch?: 1 | 2 | 3 | 4;
  /** `test` cases: the test file that catches the change (it must fail; others may too). */
  test?: string;
  /** `test` cases: whether `test` imports the changed file itself or reaches it through another module. */
  via?: 'direct' | 'indirect';
  /** Text replacements in `file` (every occurrence); each `find` must occur. */
  edits: { find: string; replace: string }[];
}

/** `test` cases: the vitest `include` of each fixture (written to a vitest.config.ts in the copy). */
export const TEST_INCLUDE: Readonly<Record<'shop' | 'notes-api' | 'monorepo', string>> = {
  shop: 'src/**/*.test.ts',
  'notes-api': 'src/**/*.test.ts',
  monorepo: 'packages/*/src/**/*.test.ts',
};

export const CASES: readonly LocalizationCase[] = [
  { id: 'broken-app', fixture: 'broken-app', file: 'src/auth/auth-client.ts', change: 'rename member', edits: [] },

  // shop
  { id: 'shop-rename-round-cents', fixture: 'shop', file: 'src/util/money.ts', change: 'rename export', edits: [{ find: 'export function roundCents', replace: 'export function roundToCents' }] },
  { id: 'shop-tax-signature', fixture: 'shop', file: 'src/pricing/tax.ts', change: 'change signature', edits: [{ find: 'product: Product, quantity: number', replace: 'product: Product, region: string, quantity: number' }] },
  { id: 'shop-remove-tax-exempt', fixture: 'shop', file: 'src/catalog/product.ts', change: 'remove property', edits: [{ find: '  isTaxExempt: boolean;\n', replace: '' }] },
  { id: 'shop-find-by-sku-null', fixture: 'shop', file: 'src/catalog/product-repository.ts', change: 'change return type', edits: [{ find: 'findBySku(sku: string): Product | undefined {\n    return this.products.get(sku);', replace: 'findBySku(sku: string): Product | null {\n    return this.products.get(sku) ?? null;' }] },
  { id: 'shop-rename-get-lines', fixture: 'shop', file: 'src/cart/cart.ts', change: 'rename member', edits: [{ find: 'getLines(): readonly CartLine[]', replace: 'listLines(): readonly CartLine[]' }] },
  { id: 'shop-rename-discount-code', fixture: 'shop', file: 'src/pricing/discount.ts', change: 'rename type', edits: [{ find: 'DiscountCode', replace: 'Discount' }] },
  { id: 'shop-format-money-bigint', fixture: 'shop', file: 'src/util/money.ts', change: 'change parameter type', edits: [{ find: 'formatMoney(amount: Cents,', replace: 'formatMoney(amount: bigint,' }] },
  { id: 'shop-hide-is-cancellable', fixture: 'shop', file: 'src/orders/order.ts', change: 'stop exporting', edits: [{ find: 'export function isCancellable', replace: 'function isCancellable' }] },
  { id: 'shop-quantity-to-count', fixture: 'shop', file: 'src/cart/cart.ts', change: 'remove property', edits: [{ find: 'quantity: number;\n}', replace: 'count: number;\n}' }, { find: 'existing.quantity += quantity', replace: 'existing.count += quantity' }, { find: 'push({ product, quantity })', replace: 'push({ product, count: quantity })' }, { find: 'line.product.priceCents * line.quantity', replace: 'line.product.priceCents * line.count' }] },
  { id: 'shop-create-product-arity', fixture: 'shop', file: 'src/catalog/product.ts', change: 'change signature', edits: [{ find: 'priceCents: Cents, category: ProductCategory): Product {', replace: 'priceCents: Cents): Product {\n  const category: ProductCategory = \'books\';' }] },
  { id: 'shop-rename-tax-rate', fixture: 'shop', file: 'src/pricing/tax.ts', change: 'rename export', edits: [{ find: 'STANDARD_TAX_RATE', replace: 'DEFAULT_TAX_RATE' }] },
  { id: 'shop-require-product-optional', fixture: 'shop', file: 'src/catalog/catalog-service.ts', change: 'change return type', edits: [{ find: 'requireProduct(sku: string): Product {\n    const product = this.repository.findBySku(sku);\n    if (product === undefined) throw new Error(`unknown product ${sku}`);\n    return product;', replace: 'requireProduct(sku: string): Product | undefined {\n    return this.repository.findBySku(sku);' }] },
  { id: 'shop-apply-discount-percent', fixture: 'shop', file: 'src/pricing/discount.ts', change: 'change signature', edits: [{ find: 'applyDiscount(subtotal: Cents, discount: DiscountCode): Cents', replace: 'applyDiscount(subtotal: Cents, discount: DiscountCode, isMember: boolean): Cents' }] },

  // notes-api
  { id: 'notes-rename-session-resolve', fixture: 'notes-api', file: 'src/auth/session.ts', change: 'rename member', edits: [{ find: 'resolve(token: string): Session | null', replace: 'lookup(token: string): Session | null' }] },
  { id: 'notes-remove-display-name', fixture: 'notes-api', file: 'src/users/user.ts', change: 'remove property', edits: [{ find: '  displayName: string;\n', replace: '' }] },
  { id: 'notes-can-edit-signature', fixture: 'notes-api', file: 'src/auth/permissions.ts', change: 'change signature', edits: [{ find: 'export function canEdit(user: User, note: Note): boolean', replace: 'export function canEdit(user: User, note: Note, isLocked: boolean): boolean' }] },
  { id: 'notes-settings-named-export', fixture: 'notes-api', file: 'src/config/settings.ts', change: 'default to named export', edits: [{ find: 'export default function loadSettings', replace: 'export function loadSettings' }] },
  { id: 'notes-rename-is-public', fixture: 'notes-api', file: 'src/notes/note.ts', change: 'remove property', edits: [{ find: '  isPublic: boolean;', replace: '  shared: boolean;' }] },
  { id: 'notes-bearer-undefined', fixture: 'notes-api', file: 'src/http/request.ts', change: 'change return type', edits: [{ find: 'bearerToken(request: Request): string | null', replace: 'bearerToken(request: Request): string | undefined' }, { find: "header.slice('Bearer '.length) : null", replace: "header.slice('Bearer '.length) : undefined" }] },
  { id: 'notes-rename-find-by-id', fixture: 'notes-api', file: 'src/users/user-directory.ts', change: 'rename member', edits: [{ find: 'findById(id: string)', replace: 'getById(id: string)' }] },
  { id: 'notes-router-on-name', fixture: 'notes-api', file: 'src/http/router.ts', change: 'change signature', edits: [{ find: 'on(method: Request[\'method\'], path: string, handler: Handler): this', replace: 'on(method: Request[\'method\'], path: string, name: string, handler: Handler): this' }] },
  { id: 'notes-role-without-reader', fixture: 'notes-api', file: 'src/users/user.ts', change: 'narrow type', edits: [{ find: "export type Role = 'reader' | 'editor' | 'admin';", replace: "export type Role = 'editor' | 'admin';" }] },
  { id: 'notes-preview-options', fixture: 'notes-api', file: 'src/notes/note.ts', change: 'change parameter type', edits: [{ find: 'previewOf(note: Note, maxChars = 80): string', replace: 'previewOf(note: Note, options: { maxChars: number } = { maxChars: 80 }): string' }, { find: 'flat.length <= maxChars ? flat : `${flat.slice(0, maxChars - 1)}…`', replace: 'flat.length <= options.maxChars ? flat : `${flat.slice(0, options.maxChars - 1)}…`' }] },
  { id: 'notes-note-store-create-object', fixture: 'notes-api', file: 'src/notes/note-store.ts', change: 'change signature', edits: [{ find: 'create(authorId: string, title: string, body: string, isPublic: boolean, now: number): Note', replace: 'create(draft: { authorId: string; title: string; body: string; isPublic: boolean }, now: number): Note' }, { find: 'const note: Note = { id: `n${this.sequence}`, authorId, title, body, isPublic, updatedAt: now };', replace: 'const note: Note = { id: `n${this.sequence}`, ...draft, updatedAt: now };' }] },

  // monorepo
  { id: 'mono-rename-generate-id', fixture: 'monorepo', file: 'packages/core/src/ids.ts', change: 'rename export', edits: [{ find: 'export function generateId', replace: 'export function createId' }] },
  { id: 'mono-due-days-renamed', fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'remove property', edits: [{ find: 'dueDays: number;', replace: 'paymentTermDays: number;' }] },
  { id: 'mono-result-reason', fixture: 'monorepo', file: 'packages/core/src/result.ts', change: 'rename member', edits: [{ find: '{ ok: false; error: Failure }', replace: '{ ok: false; reason: Failure }' }] },
  { id: 'mono-publish-signature', fixture: 'monorepo', file: 'packages/core/src/events.ts', change: 'change signature', edits: [{ find: 'publish(event: DomainEvent): number {', replace: 'publish(name: string, event: DomainEvent): number {\n    if (name !== event.name) return 0;' }] },
  { id: 'mono-rename-format-cents', fixture: 'monorepo', file: 'packages/web/src/format.ts', change: 'rename export', edits: [{ find: 'export function formatCents', replace: 'export function formatAmount' }] },
  { id: 'mono-find-null', fixture: 'monorepo', file: 'packages/billing/src/invoice-repository.ts', change: 'change return type', edits: [{ find: 'find(id: InvoiceId): Invoice | undefined {\n    return this.invoices.get(id);', replace: 'find(id: InvoiceId): Invoice | null {\n    return this.invoices.get(id) ?? null;' }] },
  { id: 'mono-unwrap-message', fixture: 'monorepo', file: 'packages/core/src/result.ts', change: 'change signature', edits: [{ find: 'unwrap<Value, Failure>(result: Result<Value, Failure>): Value', replace: 'unwrap<Value, Failure>(result: Result<Value, Failure>, context: string): Value' }] },
  { id: 'mono-event-bus-subscribe', fixture: 'monorepo', file: 'packages/core/src/events.ts', change: 'rename member', edits: [{ find: 'subscribe(name: string, listener: Listener)', replace: 'on(name: string, listener: Listener)' }] },
  { id: 'mono-invoice-line-price', fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'remove property', edits: [{ find: 'unitPriceCents: number;', replace: 'unitPrice: number;' }, { find: 'line.quantity * line.unitPriceCents', replace: 'line.quantity * line.unitPrice' }] },

  // Held out: added after tuning on the cases above; the ranking was not adjusted to them.
  { id: 'held-shop-category-without-food', heldOutBatch: 1, fixture: 'shop', file: 'src/catalog/product.ts', change: 'narrow type', edits: [{ find: "'books' | 'food' | 'electronics' | 'clothing'", replace: "'books' | 'electronics' | 'clothing'" }] },
  { id: 'held-shop-cart-currency', heldOutBatch: 1, fixture: 'shop', file: 'src/cart/cart.ts', change: 'change signature', edits: [{ find: '  private readonly lines: CartLine[] = [];\n', replace: '  private readonly lines: CartLine[] = [];\n\n  constructor(readonly currency: string) {}\n' }] },
  { id: 'held-shop-placed-at-string', heldOutBatch: 1, fixture: 'shop', file: 'src/orders/order.ts', change: 'change property type', edits: [{ find: 'placedAt: Date;', replace: 'placedAt: string;' }] },
  { id: 'held-shop-format-money-currency', heldOutBatch: 1, fixture: 'shop', file: 'src/util/money.ts', change: 'change signature', edits: [{ find: "currency = 'USD'", replace: 'currency: string' }] },
  { id: 'held-notes-session-arguments', heldOutBatch: 1, fixture: 'notes-api', file: 'src/auth/session.ts', change: 'change signature', edits: [{ find: '    private readonly ttlMinutes: number,\n    private readonly now: () => number = Date.now,', replace: '    private readonly now: () => number,\n    private readonly ttlMinutes: number,' }] },
  { id: 'held-notes-logger-write', heldOutBatch: 1, fixture: 'notes-api', file: 'src/log/logger.ts', change: 'rename member', edits: [{ find: '  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;', replace: '  write(level: LogLevel, message: string, fields?: Record<string, unknown>): void;' }] },
  { id: 'held-notes-updated-at-date', heldOutBatch: 1, fixture: 'notes-api', file: 'src/notes/note.ts', change: 'change property type', edits: [{ find: 'updatedAt: number;', replace: 'updatedAt: Date;' }] },
  { id: 'held-notes-settings-port', heldOutBatch: 1, fixture: 'notes-api', file: 'src/config/settings.ts', change: 'remove property', edits: [{ find: '  port: number;\n', replace: '' }] },
  { id: 'held-mono-to-id-brand', heldOutBatch: 1, fixture: 'monorepo', file: 'packages/core/src/ids.ts', change: 'change signature', edits: [{ find: 'toId<Brand extends string>(value: string): Id<Brand>', replace: 'toId<Brand extends string>(brand: Brand, value: string): Id<Brand>' }] },
  { id: 'held-mono-issue-returns-invoice', heldOutBatch: 1, fixture: 'monorepo', file: 'packages/billing/src/invoice-service.ts', change: 'change return type', edits: [{ find: 'issue(customerId: CustomerId, lines: InvoiceLine[], now: Date): Result<Invoice>', replace: 'issue(customerId: CustomerId, lines: InvoiceLine[], now: Date): Invoice' }] },
  { id: 'held-mono-occurred-at', heldOutBatch: 1, fixture: 'monorepo', file: 'packages/core/src/events.ts', change: 'rename member', edits: [{ find: '  occurredAt: Date;', replace: '  at: Date;' }] },
  { id: 'held-mono-format-day-null', heldOutBatch: 1, fixture: 'monorepo', file: 'packages/web/src/format.ts', change: 'change return type', edits: [{ find: 'export function formatDay(date: Date): string {\n  return date.toISOString().slice(0, 10);', replace: 'export function formatDay(date: Date): string | null {\n  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);' }] },

  // Held out, batch 2: run once, never tuned on.
  { id: 'held2-shop-cart-add-quantity', heldOutBatch: 2, fixture: 'shop', file: 'src/cart/cart.ts', change: 'change signature', edits: [{ find: 'add(product: Product, quantity = 1): void', replace: 'add(product: Product, quantity: number): void' }] },
  { id: 'held2-shop-tax-exempt-renamed', heldOutBatch: 2, fixture: 'shop', file: 'src/catalog/product.ts', change: 'rename member', edits: [{ find: '  isTaxExempt: boolean;', replace: '  taxExempt: boolean;' }, { find: 'isTaxExempt: category', replace: 'taxExempt: category' }] },
  { id: 'held2-shop-round-cents-mode', heldOutBatch: 2, fixture: 'shop', file: 'src/util/money.ts', change: 'change signature', edits: [{ find: 'export function roundCents(amount: number): Cents {\n  return Math.round(amount);', replace: "export function roundCents(amount: number, mode: 'up' | 'down'): Cents {\n  return mode === 'up' ? Math.ceil(amount) : Math.floor(amount);" }] },
  { id: 'held2-notes-headers-map', heldOutBatch: 2, fixture: 'notes-api', file: 'src/http/request.ts', change: 'change property type', edits: [{ find: 'headers: Readonly<Record<string, string>>;', replace: 'headers: ReadonlyMap<string, string>;' }] },
  { id: 'held2-notes-preview-default', heldOutBatch: 2, fixture: 'notes-api', file: 'src/notes/note.ts', change: 'default to named export', edits: [{ find: 'export function previewOf', replace: 'export default function previewOf' }] },
  { id: 'held2-mono-lines-to-items', heldOutBatch: 2, fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'remove property', edits: [{ find: '  lines: InvoiceLine[];', replace: '  items: InvoiceLine[];' }] },
  { id: 'held2-mono-message-bus', heldOutBatch: 2, fixture: 'monorepo', file: 'packages/core/src/events.ts', change: 'rename export', edits: [{ find: 'export class EventBus', replace: 'export class MessageBus' }] },
  { id: 'held2-mono-fail-code', heldOutBatch: 2, fixture: 'monorepo', file: 'packages/core/src/result.ts', change: 'change signature', edits: [{ find: 'export function fail<Failure>(error: Failure): Result<never, Failure> {\n  return { ok: false, error };', replace: 'export function fail<Failure>(error: Failure, code: number): Result<never, Failure> {\n  return { ok: false, error: code >= 0 ? error : error };' }] },

  // Held out, batch 3: failing tests. Each change keeps the types valid and breaks behaviour; the
  // failure is a vitest assertion whose stack is in `test`. Run once, never tuned on.
  // shop
  { id: 'held3-shop-round-cents-floor', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/util/money.ts', change: 'changed rounding', test: 'src/pricing/tax.test.ts', via: 'indirect', edits: [{ find: 'return Math.round(amount);', replace: 'return Math.floor(amount);' }] },
  { id: 'held3-shop-format-money-pad-end', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/util/money.ts', change: 'swapped condition', test: 'src/util/money.test.ts', via: 'direct', edits: [{ find: "String(absolute % 100).padStart(2, '0')", replace: "String(absolute % 100).padEnd(2, '0')" }] },
  { id: 'held3-shop-tax-rate', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/pricing/tax.ts', change: 'wrong constant', test: 'src/cart/cart.test.ts', via: 'indirect', edits: [{ find: 'STANDARD_TAX_RATE = 0.08;', replace: 'STANDARD_TAX_RATE = 0.075;' }] },
  { id: 'held3-shop-tax-exempt-dropped', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/pricing/tax.ts', change: 'dropped branch', test: 'src/pricing/tax.test.ts', via: 'direct', edits: [{ find: '  if (product.isTaxExempt) return 0;\n', replace: '' }] },
  { id: 'held3-shop-books-taxed', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/catalog/product.ts', change: 'dropped branch', test: 'src/cart/cart.test.ts', via: 'direct', edits: [{ find: "isTaxExempt: category === 'food' || category === 'books'", replace: "isTaxExempt: category === 'food'" }] },
  { id: 'held3-shop-discount-minimum', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/pricing/discount.ts', change: 'off-by-one', test: 'src/pricing/discount.test.ts', via: 'direct', edits: [{ find: 'if (subtotal < discount.minimumCents) return subtotal;', replace: 'if (subtotal <= discount.minimumCents) return subtotal;' }] },
  { id: 'held3-shop-discount-two-digits', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/pricing/discount.ts', change: 'off-by-one', test: 'src/pricing/discount.test.ts', via: 'direct', edits: [{ find: '/^SAVE(\\d{1,2})$/', replace: '/^SAVE(\\d{2})$/' }] },
  { id: 'held3-shop-cart-add-overwrites', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/cart/cart.ts', change: 'dropped branch', test: 'src/cart/cart.test.ts', via: 'direct', edits: [{ find: 'if (existing) existing.quantity += quantity;', replace: 'if (existing) existing.quantity = quantity;' }] },
  { id: 'held3-shop-cart-remove-first', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/cart/cart.ts', change: 'off-by-one', test: 'src/cart/cart.test.ts', via: 'direct', edits: [{ find: 'if (index >= 0) this.lines.splice(index, 1);', replace: 'if (index > 0) this.lines.splice(index, 1);' }] },
  { id: 'held3-shop-totals-ignore-discount', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/cart/cart-totals.ts', change: 'dropped branch', test: 'src/orders/order-service.test.ts', via: 'indirect', edits: [{ find: 'const total = subtotal + tax;', replace: 'const total = cart.subtotal() + tax;' }] },
  { id: 'held3-shop-cancel-cancelled', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/orders/order.ts', change: 'swapped condition', test: 'src/orders/order-service.test.ts', via: 'indirect', edits: [{ find: "return order.status === 'pending' || order.status === 'paid';", replace: "return order.status !== 'shipped';" }] },
  { id: 'held3-shop-order-id-pre-increment', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/orders/order-service.ts', change: 'off-by-one', test: 'src/orders/order-service.test.ts', via: 'direct', edits: [{ find: '`order-${this.nextId++}`', replace: '`order-${++this.nextId}`' }] },
  { id: 'held3-shop-list-by-category', kind: 'test', heldOutBatch: 3, fixture: 'shop', file: 'src/catalog/product-repository.ts', change: 'swapped condition', test: 'src/catalog/catalog-service.test.ts', via: 'indirect', edits: [{ find: 'product.category === category', replace: 'product.category !== category' }] },

  // notes-api
  { id: 'held3-notes-reader-can-edit', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/auth/permissions.ts', change: 'dropped branch', test: 'src/auth/permissions.test.ts', via: 'direct', edits: [{ find: "  if (user.role === 'reader') return false;\n", replace: '' }] },
  { id: 'held3-notes-can-read-and', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/auth/permissions.ts', change: 'swapped condition', test: 'src/notes/note-controller.test.ts', via: 'indirect', edits: [{ find: "return note.isPublic || note.authorId === user.id || user.role === 'admin';", replace: "return (note.isPublic && note.authorId === user.id) || user.role === 'admin';" }] },
  { id: 'held3-notes-session-expiry-boundary', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/auth/session.ts', change: 'off-by-one', test: 'src/auth/session.test.ts', via: 'direct', edits: [{ find: 'session.expiresAt <= this.now()', replace: 'session.expiresAt < this.now()' }] },
  { id: 'held3-notes-session-ttl-seconds', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/auth/session.ts', change: 'wrong constant', test: 'src/auth/session.test.ts', via: 'direct', edits: [{ find: 'this.ttlMinutes * 60_000', replace: 'this.ttlMinutes * 1_000' }] },
  { id: 'held3-notes-default-ttl', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/config/settings.ts', change: 'wrong default', test: 'src/config/settings.test.ts', via: 'direct', edits: [{ find: 'sessionTtlMinutes: 60, maxNoteLength', replace: 'sessionTtlMinutes: 30, maxNoteLength' }] },
  { id: 'held3-notes-public-notes-default', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/config/settings.ts', change: 'wrong default', test: 'src/config/settings.test.ts', via: 'direct', edits: [{ find: "allowPublicNotes: values.ALLOW_PUBLIC_NOTES === 'true',", replace: "allowPublicNotes: values.ALLOW_PUBLIC_NOTES !== 'false'," }] },
  { id: 'held3-notes-preview-ellipsis', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/notes/note.ts', change: 'off-by-one', test: 'src/notes/note.test.ts', via: 'direct', edits: [{ find: '`${flat.slice(0, maxChars - 1)}…`', replace: '`${flat.slice(0, maxChars)}…`' }] },
  { id: 'held3-notes-bearer-slice', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/http/request.ts', change: 'off-by-one', test: 'src/notes/note-controller.test.ts', via: 'indirect', edits: [{ find: "header.slice('Bearer '.length)", replace: "header.slice('Bearer'.length)" }] },
  { id: 'held3-notes-email-case', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/users/user-directory.ts', change: 'dropped branch', test: 'src/users/user-directory.test.ts', via: 'direct', edits: [{ find: 'const wanted = email.toLowerCase();', replace: 'const wanted = email;' }] },
  { id: 'held3-notes-router-param-index', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/http/router.ts', change: 'off-by-one', test: 'src/http/router.test.ts', via: 'direct', edits: [{ find: 'match[index + 1]', replace: 'match[index]' }] },
  { id: 'held3-notes-update-drops-changes', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/notes/note-store.ts', change: 'dropped branch', test: 'src/notes/note-controller.test.ts', via: 'direct', edits: [{ find: 'const updated: Note = { ...note, ...changes, updatedAt: now };', replace: 'const updated: Note = { ...note, updatedAt: now };' }] },
  { id: 'held3-notes-child-logger-scope', kind: 'test', heldOutBatch: 3, fixture: 'notes-api', file: 'src/log/logger.ts', change: 'dropped branch', test: 'src/notes/note-controller.test.ts', via: 'direct', edits: [{ find: 'return createLogger(`${scope}.${childScope}`, sink);', replace: 'return createLogger(childScope, sink);' }] },

  // monorepo
  { id: 'held3-mono-id-padding', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/core/src/ids.ts', change: 'wrong constant', test: 'packages/billing/src/invoice-service.test.ts', via: 'indirect', edits: [{ find: "padStart(6, '0')", replace: "padStart(5, '0')" }] },
  { id: 'held3-mono-unsubscribe-inverted', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/core/src/events.ts', change: 'swapped condition', test: 'packages/core/src/events.test.ts', via: 'direct', edits: [{ find: 'candidate !== listener', replace: 'candidate === listener' }] },
  { id: 'held3-mono-publish-skips-first', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/core/src/events.ts', change: 'off-by-one', test: 'packages/billing/src/invoice-service.test.ts', via: 'indirect', edits: [{ find: 'for (const listener of list) listener(event);', replace: 'for (const listener of list.slice(1)) listener(event);' }] },
  { id: 'held3-mono-due-date-seconds', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'wrong constant', test: 'packages/web/src/invoice-page.test.ts', via: 'indirect', edits: [{ find: 'invoice.dueDays * 86_400_000', replace: 'invoice.dueDays * 86_400' }] },
  { id: 'held3-mono-total-ignores-quantity', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'dropped branch', test: 'packages/billing/src/invoice-service.test.ts', via: 'indirect', edits: [{ find: 'sum + line.quantity * line.unitPriceCents', replace: 'sum + line.unitPriceCents' }] },
  { id: 'held3-mono-due-days-default', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/billing/src/invoice-service.ts', change: 'wrong default', test: 'packages/billing/src/invoice-service.test.ts', via: 'direct', edits: [{ find: 'dueDays: 30, paidAt: null', replace: 'dueDays: 14, paidAt: null' }] },
  { id: 'held3-mono-mark-paid-guard', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/billing/src/invoice-service.ts', change: 'swapped condition', test: 'packages/billing/src/invoice-service.test.ts', via: 'direct', edits: [{ find: 'if (invoice.paidAt !== null) return fail', replace: 'if (invoice.paidAt === null) return fail' }] },
  { id: 'held3-mono-for-customer-inverted', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/billing/src/invoice-repository.ts', change: 'swapped condition', test: 'packages/billing/src/invoice-service.test.ts', via: 'direct', edits: [{ find: 'invoice.customerId === customerId', replace: 'invoice.customerId !== customerId' }] },
  { id: 'held3-mono-format-cents-round', kind: 'test', heldOutBatch: 3, fixture: 'monorepo', file: 'packages/web/src/format.ts', change: 'changed rounding', test: 'packages/web/src/invoice-page.test.ts', via: 'indirect', edits: [{ find: 'Math.trunc(cents / 100)', replace: 'Math.round(cents / 100)' }] },

  // Held out, batch 4: written after the ordering work on batches 1–3; run once, never tuned on. Most
  // changes are in modules others import, and most tsc ones compile themselves: the errors are in importers.
  // shop, type errors
  { id: 'shop-b4-cents-branded', heldOutBatch: 4, fixture: 'shop', file: 'src/util/money.ts', change: 'change type alias', edits: [{ find: 'export type Cents = number;', replace: "export type Cents = number & { readonly unit: 'cents' };" }, { find: 'return Math.round(amount);', replace: 'return Math.round(amount) as Cents;' }] },
  { id: 'shop-b4-check-swapped', heldOutBatch: 4, fixture: 'shop', file: 'src/testing/check.ts', change: 'swapped arguments', edits: [{ find: 'check(name: string, condition: boolean)', replace: 'check(condition: boolean, name: string)' }] },
  { id: 'shop-b4-status-canceled', heldOutBatch: 4, fixture: 'shop', file: 'src/orders/order.ts', change: 'rename type', edits: [{ find: "'shipped' | 'cancelled'", replace: "'shipped' | 'canceled'" }] },
  { id: 'shop-b4-totals-grand-total', heldOutBatch: 4, fixture: 'shop', file: 'src/cart/cart-totals.ts', change: 'rename member', edits: [{ find: '  total: Cents;', replace: '  grandTotal: Cents;' }, { find: 'return { subtotal, tax, total, label', replace: 'return { subtotal, tax, grandTotal: total, label' }] },
  { id: 'shop-b4-pricing-index-tax', heldOutBatch: 4, fixture: 'shop', file: 'src/pricing/index.ts', change: 'stop exporting', edits: [{ find: 'export { STANDARD_TAX_RATE, taxFor } from', replace: 'export { STANDARD_TAX_RATE } from' }] },
  { id: 'shop-b4-is-empty-getter', heldOutBatch: 4, fixture: 'shop', file: 'src/cart/cart.ts', change: 'method to getter', edits: [{ find: 'isEmpty(): boolean {', replace: 'get isEmpty(): boolean {' }] },
  { id: 'shop-b4-list-categories', heldOutBatch: 4, fixture: 'shop', file: 'src/catalog/product-repository.ts', change: 'change parameter type', edits: [{ find: "listByCategory(category: Product['category']): Product[] {\n    return [...this.products.values()].filter((product) => product.category === category);", replace: "listByCategory(categories: readonly Product['category'][]): Product[] {\n    return [...this.products.values()].filter((product) => categories.includes(product.category));" }] },

  // notes-api, type errors
  { id: 'notes-b4-session-subject', heldOutBatch: 4, fixture: 'notes-api', file: 'src/auth/session.ts', change: 'rename member', edits: [{ find: '  userId: string;', replace: '  subject: string;' }, { find: 'userId: user.id, expiresAt', replace: 'subject: user.id, expiresAt' }] },
  { id: 'notes-b4-store-get-null', heldOutBatch: 4, fixture: 'notes-api', file: 'src/notes/note-store.ts', change: 'change return type', edits: [{ find: 'get(id: string): Note | undefined {\n    return this.notes.get(id);', replace: 'get(id: string): Note | null {\n    return this.notes.get(id) ?? null;' }] },
  { id: 'notes-b4-async-handler', heldOutBatch: 4, fixture: 'notes-api', file: 'src/http/router.ts', change: 'change return type', edits: [{ find: 'params: Record<string, string>) => Response;', replace: 'params: Record<string, string>) => Promise<Response>;' }, { find: 'handle(request: Request): Response {', replace: 'async handle(request: Request): Promise<Response> {' }] },
  { id: 'notes-b4-auth-index-can-read', heldOutBatch: 4, fixture: 'notes-api', file: 'src/auth/index.ts', change: 'stop exporting', edits: [{ find: 'export { canEdit, canRead } from', replace: 'export { canEdit } from' }] },
  { id: 'notes-b4-log-level-info', heldOutBatch: 4, fixture: 'notes-api', file: 'src/log/logger.ts', change: 'narrow type', edits: [{ find: "'debug' | 'info' | 'warn' | 'error'", replace: "'debug' | 'warn' | 'error'" }] },
  { id: 'notes-b4-json-swapped', heldOutBatch: 4, fixture: 'notes-api', file: 'src/http/request.ts', change: 'swapped arguments', edits: [{ find: 'json(status: number, body: unknown): Response', replace: 'json(body: unknown, status: number): Response' }] },
  { id: 'notes-b4-directory-seeded', heldOutBatch: 4, fixture: 'notes-api', file: 'src/users/user-directory.ts', change: 'change signature', edits: [{ find: '  private readonly byId = new Map<string, User>();\n', replace: '  private readonly byId = new Map<string, User>();\n\n  constructor(users: readonly User[]) {\n    for (const user of users) this.register(user);\n  }\n' }] },

  // monorepo, type errors
  { id: 'mono-b4-invoice-id-brand', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/core/src/ids.ts', change: 'change type alias', edits: [{ find: "export type InvoiceId = Id<'invoice'>;", replace: "export type InvoiceId = Id<'inv'>;" }] },
  { id: 'mono-b4-core-index-event-bus', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/core/src/index.ts', change: 'stop exporting', edits: [{ find: "export { EventBus } from './events.js';\n", replace: '' }] },
  { id: 'mono-b4-total-object', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'change return type', edits: [{ find: 'invoiceTotal(invoice: Invoice): number {\n  return invoice.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);', replace: 'invoiceTotal(invoice: Invoice): { cents: number } {\n  return { cents: invoice.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0) };' }] },
  { id: 'mono-b4-repository-injected-map', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/billing/src/invoice-repository.ts', change: 'change signature', edits: [{ find: '  private readonly invoices = new Map<InvoiceId, Invoice>();', replace: '  constructor(private readonly invoices: Map<InvoiceId, Invoice>) {}' }] },
  { id: 'mono-b4-submit-form-order', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/web/src/invoice-page.ts', change: 'swapped arguments', edits: [{ find: 'customerId: CustomerId, description: string, amountCents: number): InvoiceRow', replace: 'customerId: CustomerId, amountCents: number, description: string): InvoiceRow' }] },
  { id: 'mono-b4-paid-at-optional', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'change property type', edits: [{ find: '  paidAt: Date | null;', replace: '  paidAt?: Date;' }] },
  { id: 'mono-b4-sequence-bigint', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/core/src/ids.ts', change: 'change parameter type', edits: [{ find: 'prefix: string, sequence: number): Id<Brand>', replace: 'prefix: string, sequence: bigint): Id<Brand>' }] },

  // shop, failing tests
  { id: 'shop-b4-format-money-round-whole', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/util/money.ts', change: 'changed rounding', test: 'src/util/money.test.ts', via: 'direct', edits: [{ find: 'Math.floor(absolute / 100)', replace: 'Math.round(absolute / 100)' }] },
  { id: 'shop-b4-currency-no-space', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/util/money.ts', change: 'wrong constant', test: 'src/util/money.test.ts', via: 'direct', edits: [{ find: '`${currency} `}', replace: '`${currency}`}' }] },
  { id: 'shop-b4-sku-upper-case', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/catalog/product-repository.ts', change: 'wrong key', test: 'src/catalog/catalog-service.test.ts', via: 'indirect', edits: [{ find: 'return this.products.get(sku);', replace: 'return this.products.get(sku.toUpperCase());' }] },
  { id: 'shop-b4-category-by-price', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/catalog/product-repository.ts', change: 'wrong order', test: 'src/catalog/catalog-service.test.ts', via: 'indirect', edits: [{ find: '.filter((product) => product.category === category);', replace: '.filter((product) => product.category === category).sort((a, b) => b.priceCents - a.priceCents);' }] },
  { id: 'shop-b4-fractional-price', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/catalog/product.ts', change: 'dropped branch', test: 'src/catalog/catalog-service.test.ts', via: 'indirect', edits: [{ find: 'if (!Number.isInteger(priceCents) || priceCents < 0)', replace: 'if (priceCents < 0)' }] },
  { id: 'shop-b4-tax-per-unit', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/pricing/tax.ts', change: 'dropped term', test: 'src/cart/cart.test.ts', via: 'indirect', edits: [{ find: 'roundCents(product.priceCents * quantity * rate)', replace: 'roundCents(product.priceCents * rate)' }] },
  { id: 'shop-b4-percent-scale', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/pricing/discount.ts', change: 'wrong constant', test: 'src/orders/order-service.test.ts', via: 'indirect', edits: [{ find: 'discount.percentOff / 100', replace: 'discount.percentOff / 10' }] },
  { id: 'shop-b4-label-subtotal', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/cart/cart-totals.ts', change: 'wrong variable', test: 'src/cart/cart.test.ts', via: 'direct', edits: [{ find: 'label: formatMoney(total)', replace: 'label: formatMoney(subtotal)' }] },
  { id: 'shop-b4-order-drops-discount', kind: 'test', heldOutBatch: 4, fixture: 'shop', file: 'src/orders/order-service.ts', change: 'dropped argument', test: 'src/orders/order-service.test.ts', via: 'direct', edits: [{ find: 'computeTotals(cart, discount ?? undefined)', replace: 'computeTotals(cart)' }] },

  // notes-api, failing tests
  { id: 'notes-b4-token-counter', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/auth/session.ts', change: 'dropped statement', test: 'src/auth/session.test.ts', via: 'direct', edits: [{ find: '    this.counter += 1;\n', replace: '' }] },
  { id: 'notes-b4-ttl-env-key', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/config/settings.ts', change: 'wrong key', test: 'src/config/settings.test.ts', via: 'direct', edits: [{ find: "number('SESSION_TTL_MINUTES',", replace: "number('SESSION_TTL'," }] },
  { id: 'notes-b4-blank-display-name', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/users/user.ts', change: 'dropped branch', test: 'src/users/user-directory.test.ts', via: 'direct', edits: [{ find: 'user.displayName.trim().length > 0', replace: 'user.displayName.length > 0' }] },
  { id: 'notes-b4-duplicate-by-email', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/users/user-directory.ts', change: 'wrong key', test: 'src/users/user-directory.test.ts', via: 'direct', edits: [{ find: 'if (this.byId.has(user.id))', replace: 'if (this.byId.has(user.email))' }] },
  { id: 'notes-b4-any-editor-edits', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/auth/permissions.ts', change: 'dropped branch', test: 'src/notes/note-controller.test.ts', via: 'indirect', edits: [{ find: "return note.authorId === user.id || user.role === 'admin';", replace: "return user.role === 'editor' || user.role === 'admin';" }] },
  { id: 'notes-b4-authorization-case', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/http/request.ts', change: 'wrong key', test: 'src/notes/note-controller.test.ts', via: 'indirect', edits: [{ find: 'request.headers.authorization', replace: 'request.headers.Authorization' }] },
  { id: 'notes-b4-preview-joins-words', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/notes/note.ts', change: 'wrong constant', test: 'src/notes/note-controller.test.ts', via: 'indirect', edits: [{ find: "replace(/\\s+/g, ' ')", replace: "replace(/\\s+/g, '')" }] },
  { id: 'notes-b4-router-any-method', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/http/router.ts', change: 'dropped branch', test: 'src/http/router.test.ts', via: 'direct', edits: [{ find: '      if (route.method !== request.method) continue;\n', replace: '' }] },
  { id: 'notes-b4-public-by-default', kind: 'test', heldOutBatch: 4, fixture: 'notes-api', file: 'src/notes/note-controller.ts', change: 'wrong default', test: 'src/notes/note-controller.test.ts', via: 'direct', edits: [{ find: '(isPublic ?? false)', replace: '(isPublic ?? true)' }] },

  // monorepo, failing tests
  { id: 'mono-b4-subscribe-replaces', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/core/src/events.ts', change: 'dropped branch', test: 'packages/core/src/events.test.ts', via: 'direct', edits: [{ find: 'const list = this.listeners.get(name) ?? [];', replace: 'const list: Listener[] = [];' }] },
  { id: 'mono-b4-unwrap-quoted', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/core/src/result.ts', change: 'changed message', test: 'packages/core/src/result.test.ts', via: 'direct', edits: [{ find: '${String(result.error)}', replace: '${JSON.stringify(result.error)}' }] },
  { id: 'mono-b4-due-day-early', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/billing/src/invoice.ts', change: 'off-by-one', test: 'packages/web/src/invoice-page.test.ts', via: 'indirect', edits: [{ find: 'invoice.dueDays * 86_400_000', replace: '(invoice.dueDays - 1) * 86_400_000' }] },
  { id: 'mono-b4-event-name-dot', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/billing/src/invoice-service.ts', change: 'wrong constant', test: 'packages/billing/src/invoice-service.test.ts', via: 'direct', edits: [{ find: "publish({ name: 'invoice-issued'", replace: "publish({ name: 'invoice.issued'" }] },
  { id: 'mono-b4-cents-unpadded', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/web/src/format.ts', change: 'dropped term', test: 'packages/web/src/invoice-page.test.ts', via: 'indirect', edits: [{ find: "String(Math.abs(cents % 100)).padStart(2, '0')", replace: 'String(Math.abs(cents % 100))' }] },
  { id: 'mono-b4-day-slice', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/web/src/format.ts', change: 'off-by-one', test: 'packages/web/src/format.test.ts', via: 'direct', edits: [{ find: 'toISOString().slice(0, 10)', replace: 'toISOString().slice(0, 9)' }] },
  { id: 'mono-b4-row-status-inverted', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/web/src/invoice-page.ts', change: 'swapped condition', test: 'packages/web/src/invoice-page.test.ts', via: 'direct', edits: [{ find: "invoice.paidAt === null ? 'open' : 'paid'", replace: "invoice.paidAt !== null ? 'open' : 'paid'" }] },
  { id: 'mono-b4-paid-not-saved', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/billing/src/invoice-service.ts', change: 'dropped statement', test: 'packages/billing/src/invoice-service.test.ts', via: 'direct', edits: [{ find: '    this.repository.save(paid);\n', replace: '' }] },
  { id: 'mono-b4-sequence-not-advanced', kind: 'test', heldOutBatch: 4, fixture: 'monorepo', file: 'packages/billing/src/invoice-service.ts', change: 'dropped statement', test: 'packages/web/src/invoice-page.test.ts', via: 'indirect', edits: [{ find: '    this.sequence += 1;\n', replace: '' }] },
];
