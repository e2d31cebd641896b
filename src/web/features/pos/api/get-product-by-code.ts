import type { PosProduct, PosProductResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';

/** A scanned or typed code → the product with that barcode or SKU (any stock), or 404 'Product not found'. */
export async function fetchProductByCode(code: string): Promise<PosProduct> {
  const { product } = await api.get<PosProductResponse>(
    `/api/v1/pos/products/by-code/${encodeURIComponent(code.trim())}`,
  );
  return product;
}
