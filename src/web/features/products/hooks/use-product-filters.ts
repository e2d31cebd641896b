import { useSearchParams } from 'react-router';
import { type ProductFilters, productFilters } from '#domain/schemas/catalog.ts';

/** operations §2: the filters live in the address (search, category, low_stock=true). */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const parsed = productFilters.safeParse({
    search: params.get('search') ?? undefined,
    category_id: params.get('category') ?? undefined,
    low_stock: params.get('low_stock') ?? undefined,
  });
  const filters: ProductFilters = parsed.success
    ? { ...parsed.data, search: parsed.data.search || undefined }
    : { low_stock: false };

  const update = (change: { search?: string; category?: string | null; low_stock?: boolean }) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.search !== undefined) {
          if (change.search.trim()) next.set('search', change.search);
          else next.delete('search');
        }
        if (change.category !== undefined) {
          if (change.category) next.set('category', change.category);
          else next.delete('category');
        }
        if (change.low_stock !== undefined) {
          if (change.low_stock) next.set('low_stock', 'true');
          else next.delete('low_stock');
        }
        return next;
      },
      { replace: true },
    );
  };
  return { filters, searchText: params.get('search') ?? '', update };
}
