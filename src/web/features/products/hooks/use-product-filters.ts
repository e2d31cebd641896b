import { type ProductFilters, productFilters } from '#domain/schemas/catalog.ts';
import { type AddressChanges, useAddressParams } from '#web/lib/use-address-params.ts';

/** A change of the product list's filters; what it leaves out stays as it is. */
export type ProductFilterChange = { search?: string; category?: string | null; low_stock?: boolean };

/** operations §2: the filters live in the address (search, category, low_stock=true). */
export function useProductFilters() {
  const [params, change] = useAddressParams();
  const parsed = productFilters.safeParse({
    search: params.get('search') ?? undefined,
    category_id: params.get('category') ?? undefined,
    low_stock: params.get('low_stock') ?? undefined,
  });
  const filters: ProductFilters = parsed.success
    ? { ...parsed.data, search: parsed.data.search || undefined }
    : { low_stock: false };

  const update = (filter: ProductFilterChange) => {
    const changes: AddressChanges = {};
    if (filter.search !== undefined) changes.search = filter.search.trim() ? filter.search : null;
    if (filter.category !== undefined) changes.category = filter.category;
    if (filter.low_stock !== undefined) changes.low_stock = filter.low_stock ? 'true' : null;
    change(changes);
  };
  return { filters, searchText: params.get('search') ?? '', update };
}
