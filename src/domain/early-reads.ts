// A page of the business app starts its first reads itself, before its scripts have arrived (index.html,
// "early-reads"; the server names them, src/server/http/page-preloads.ts), and the app takes each answer
// once instead of asking again (src/web/lib/early-reads.ts). An answer is taken only for the very same
// address, so the server and the app must spell a read alike; the one built from parts is kept here.

/** The till's first page of products: no search, no category, the first 60 (posProductsPath, POS_PAGE_SIZE). */
export const TILL_FIRST_PRODUCTS_PATH = '/api/v1/pos/products?limit=60&offset=0';
