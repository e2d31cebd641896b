import type { PosProduct, PosProductResponse } from '#domain/schemas/sales.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { catalogMeta, localProductByCode } from '#web/lib/offline/catalog.ts';
import { isOnline } from '#web/lib/offline/status.ts';
import { getBusinessSlug } from '#web/lib/tenancy.ts';

/**
 * A scanned or typed code → the product with that barcode or SKU (any stock), or 404 'Product not found'.
 * The till's local copy answers first (issue 15); a code it does not know is asked of the server when online
 * (a product added a moment ago), and is 'Product not found' offline.
 */
export async function fetchProductByCode(code: string): Promise<PosProduct> {
  const slug = getBusinessSlug();
  const trimmed = code.trim();
  if (slug && (await catalogMeta(slug).then(Boolean, () => false))) {
    const local = await localProductByCode(slug, trimmed);
    if (local) return local;
    if (!isOnline()) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'Product not found');
  }
  const { product } = await api.get<PosProductResponse>(
    `/api/v1/pos/products/by-code/${encodeURIComponent(trimmed)}`,
  );
  return product;
}
