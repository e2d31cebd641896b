import type { QueryClient } from '@tanstack/react-query';
import type { ProductFilters } from '#domain/schemas/catalog.ts';
import type { AuditListQuery, TransactionFilters } from '#domain/schemas/transactions.ts';
import { publicBusinessQuery } from './public-business-query.ts';

// One registry for every query key of a business's data and for the spec's cache times, so a feature
// reading some data and a feature changing it always agree on the key. Every key is [kind, business slug,
// …]: two businesses never share an entry, and one prefix per kind invalidates all its reads at once.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * operations §9: how long data nobody in this browser changed stays fresh. A change made here never waits
 * for these: every mutation invalidates the keys showing its data through `invalidateAfter`.
 */
export const CACHE_TIMES = {
  products: 2 * MINUTE,
  lowStock: 5 * MINUTE,
  categories: 10 * MINUTE,
  customers: 5 * MINUTE,
  transactions: 2 * MINUTE,
  stats: 5 * MINUTE,
  paymentConfig: 5 * MINUTE,
  paymentTransactions: 30 * SECOND,
} as const;

export type PosProductKeyFilters = { search: string; categoryId: string | null };

export const queryKeys = {
  /** The signed-in person and what hangs off their session (sessions, notifications). */
  session: (slug: string) => ['session', slug] as const,

  /** The product screen and the till's grid: both show products and their stock. */
  products: {
    all: (slug: string) => ['products', slug] as const,
    list: (slug: string, filters: ProductFilters) => ['products', slug, 'list', filters] as const,
    summary: (slug: string, filters: ProductFilters) => ['products', slug, 'summary', filters] as const,
    detail: (slug: string, id: string) => ['products', slug, 'detail', id] as const,
    movements: (slug: string, id: string) => ['products', slug, 'movements', id] as const,
    labels: (slug: string, ids: string[]) => ['products', slug, 'labels', ids] as const,
    pos: (slug: string, filters: PosProductKeyFilters) => ['products', slug, 'pos', filters] as const,
    topSearch: (slug: string, search: string) => ['products', slug, 'top-search', search] as const,
  },

  /** Categories with their product counts, for the categories page, the product form and the till. */
  categories: {
    all: (slug: string) => ['categories', slug] as const,
    withInactive: (slug: string) => ['categories', slug, 'with-inactive'] as const,
    active: (slug: string) => ['categories', slug, 'active'] as const,
    pos: (slug: string) => ['categories', slug, 'pos'] as const,
  },

  /** The customer book and the till's customer picker. */
  customers: {
    all: (slug: string) => ['customers', slug] as const,
    list: (slug: string, search: string) => ['customers', slug, 'list', search] as const,
    summary: (slug: string, search: string) => ['customers', slug, 'summary', search] as const,
    search: (slug: string, search: string) => ['customers', slug, 'search', search] as const,
    topSearch: (slug: string, search: string) => ['customers', slug, 'top-search', search] as const,
    /** A customer's loyalty points and their ledger (the customer screen and the till's redeem control). */
    loyalty: (slug: string, id: string) => ['customers', slug, 'loyalty', id] as const,
  },

  /** Sales: the till's history and single sales (receipts, payment status). */
  sales: {
    all: (slug: string) => ['sales', slug] as const,
    recent: (slug: string) => ['sales', slug, 'recent'] as const,
    detail: (slug: string, id: string) => ['sales', slug, 'detail', id] as const,
    /** The transaction history (operations §2 Transactions), its cards and one transaction's details. */
    history: (slug: string, filters: TransactionFilters) => ['sales', slug, 'history', filters] as const,
    historySummary: (slug: string, filters: TransactionFilters) =>
      ['sales', slug, 'history-summary', filters] as const,
    transaction: (slug: string, id: string) => ['sales', slug, 'transaction', id] as const,
    /**
     * Shifts sit under sales: every sale, refund, void or payment outcome changes an open shift's figures, and
     * those changes already invalidate ['sales', slug].
     */
    shifts: (slug: string) => ['sales', slug, 'shifts'] as const,
    shiftList: (slug: string, status: string) => ['sales', slug, 'shifts', 'list', status] as const,
    shift: (slug: string, id: string) => ['sales', slug, 'shifts', 'detail', id] as const,
    currentShift: (slug: string, tillId: string) => ['sales', slug, 'shifts', 'current', tillId] as const,
    shiftDifferences: (slug: string, days: number | null) =>
      ['sales', slug, 'shifts', 'differences', days] as const,
  },

  /** The audit log (refunds, voids, approvals, discounts above the limit, stock, prices, staff). */
  auditLog: {
    all: (slug: string) => ['audit-log', slug] as const,
    list: (slug: string, filters: Omit<AuditListQuery, 'cursor'>) =>
      ['audit-log', slug, 'list', filters] as const,
  },

  /** The business's settings an owner changes in the app (the discount limit). */
  settings: (slug: string) => ['settings', slug] as const,
  /** Whether the loyalty program is on and its rates (the settings card and the till). */
  loyaltySettings: (slug: string) => ['settings', slug, 'loyalty'] as const,

  parkedCarts: (slug: string) => ['parked-carts', slug] as const,

  /** The staff of the business (employee management) and the browsers trusted as its tills. */
  employees: (slug: string) => ['employees', slug] as const,
  tillDevices: {
    all: (slug: string) => ['till-devices', slug] as const,
    list: (slug: string) => ['till-devices', slug, 'list'] as const,
    /** Whether this browser is a trusted till (the PIN screen asks). */
    status: (slug: string) => ['till-devices', slug, 'status'] as const,
  },

  /** Payment provider settings, the methods the till may offer, and manual mobile-money confirmations. */
  payments: {
    all: (slug: string) => ['payments', slug] as const,
    methods: (slug: string) => ['payments', slug, 'methods'] as const,
    settings: (slug: string) => ['payments', slug, 'settings'] as const,
    manualMomo: (slug: string) => ['payments', slug, 'manual-momo'] as const,
  },
  /** Customer displays paired with the tills of this browser (the till's side). */
  displayPairings: {
    all: (slug: string) => ['display-pairings', slug] as const,
    ofTill: (slug: string, tillId: string) => ['display-pairings', slug, tillId] as const,
  },
  /** Which till this browser follows as a paired customer display (the display's side). */
  displayPairing: (slug: string) => ['display-pairing', slug] as const,

  /** Dashboard and report figures (sales totals, low-stock counts). */
  stats: (slug: string) => ['stats', slug] as const,
  dashboard: (slug: string) => ['stats', slug, 'dashboard'] as const,
  /** The reports page: a period's summary, and the two stock lists page by page (all under stats). */
  reports: {
    summary: (slug: string, from: string, to: string) => ['stats', slug, 'reports', from, to] as const,
    slowMovers: (slug: string, page: number) => ['stats', slug, 'slow-movers', page] as const,
    stockValuation: (slug: string, page: number) => ['stats', slug, 'stock-valuation', page] as const,
  },
} as const;

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly unknown[])[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => {});
}

/**
 * What each kind of change makes out of date. Every mutation calls one of these, so a change made in this
 * browser shows at once on every screen that shows its data, whichever feature made it.
 */
/** What any change to a sale's money touches: stock, the customer's totals, the history and the figures. */
function saleMoneyAndStock(slug: string) {
  return [
    queryKeys.products.all(slug),
    queryKeys.customers.all(slug),
    queryKeys.sales.all(slug),
    queryKeys.stats(slug),
  ] as const;
}

export const invalidateAfter = {
  /** A product created, edited, deleted, imported or its stock adjusted: lists, the till, category counts, stats. */
  productChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [
      queryKeys.products.all(slug),
      queryKeys.categories.all(slug),
      queryKeys.stats(slug),
    ]),

  /**
   * A category created, renamed, reordered or switched off: every category list, the products naming it and
   * the reports' sales by category.
   */
  categoryChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [
      queryKeys.categories.all(slug),
      queryKeys.products.all(slug),
      queryKeys.stats(slug),
    ]),

  /** A customer created, edited or deleted: the customer book and the till's picker. */
  customerChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.customers.all(slug), queryKeys.stats(slug)]),

  /**
   * A sale made (or tried: a lost answer may still have made it): stock of its products, the customer's
   * totals and visits, the history and the figures.
   */
  saleMade: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [
      queryKeys.products.all(slug),
      queryKeys.customers.all(slug),
      queryKeys.sales.all(slug),
      queryKeys.stats(slug),
      // A discount above the limit is written to the audit log.
      queryKeys.auditLog.all(slug),
      queryKeys.payments.manualMomo(slug),
    ]),

  /** An employee created, given a PIN, (de)activated, removed or re-roled: the staff lists. */
  employeeChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.employees(slug)]),

  /** One's own PIN chosen: the signed-in person (whether a choice is due) and the staff lists (PIN status). */
  ownPinChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.session(slug), queryKeys.employees(slug)]),

  /** A display paired, unpaired or a code made: the till's list of its displays. */
  displayPairingChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.displayPairings.all(slug)]),

  /** A browser trusted or revoked as a till: the device list and this browser's till status. */
  tillDeviceChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.tillDevices.all(slug)]),

  /**
   * A sale refunded or voided: stock back, the customer's totals, the history (the sale and its REF-), the
   * figures and the audit log.
   */
  saleReversed: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [...saleMoneyAndStock(slug), queryKeys.auditLog.all(slug)]),

  /** A setting changed (the discount limit): the settings and the audit log. */
  settingsChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.settings(slug), queryKeys.auditLog.all(slug)]),

  /**
   * Business settings saved (profile, tax, receipts, roles): the settings, the signed-in person (permissions,
   * features, theme, tax mode), the business's name and colours, receipts of past sales (they carry the receipt
   * settings) and the audit log.
   */
  businessSettingsChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [
      queryKeys.settings(slug),
      queryKeys.session(slug),
      publicBusinessQuery(slug).queryKey,
      queryKeys.sales.all(slug),
      queryKeys.auditLog.all(slug),
    ]),

  /**
   * The loyalty program switched or its rates changed: the settings (and the till reading them), the business's
   * features on the session, what the customer screens show of points, and the audit log.
   */
  loyaltySettingsChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [
      queryKeys.settings(slug),
      queryKeys.session(slug),
      queryKeys.customers.all(slug),
      queryKeys.auditLog.all(slug),
    ]),

  /** Payment settings saved: the settings and the methods the till offers, and the audit log's new line. */
  paymentSettingsChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.payments.all(slug), queryKeys.auditLog.all(slug)]),

  /**
   * A pending payment settled, failed or was cancelled (at this till or by a provider's webhook): the sale,
   * the stock it held, the customer's totals, the history, the figures and the cashier-confirmed list.
   */
  salePaymentChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [...saleMoneyAndStock(slug), queryKeys.payments.manualMomo(slug)]),

  /** A shift opened or closed, or cash put in or taken out: every shift screen and the audit log. */
  shiftChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.sales.shifts(slug), queryKeys.auditLog.all(slug)]),

  /** A sale parked or resumed: the shelf of parked sales. */
  parkedCartsChange: (queryClient: QueryClient, slug: string) =>
    invalidateAll(queryClient, [queryKeys.parkedCarts(slug)]),
} as const;
