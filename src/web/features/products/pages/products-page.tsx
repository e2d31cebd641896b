import {
  AlertTriangleIcon,
  BanknoteIcon,
  DownloadIcon,
  FolderTreeIcon,
  PackageIcon,
  PlusIcon,
  PrinterIcon,
  TagsIcon,
  UploadIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCedis } from '#domain/money.ts';
import type { Product, ProductSummary } from '#domain/schemas/catalog.ts';
import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog.tsx';
import {
  EmptyState,
  ErrorState,
  ListStates,
  LoadingList,
  LoadMoreFooter,
} from '#web/components/list-states.tsx';
import { NativeSelect } from '#web/components/native-select.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { SearchField } from '#web/components/search-field.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { canDo, useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useActiveCategories } from '../api/get-categories.ts';
import { useProductSummary } from '../api/get-product-summary.ts';
import { useProducts } from '../api/get-products.ts';
import { exportUrl } from '../api/import-products.ts';
import { useDeleteProduct } from '../api/save-product.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { LabelsDialog } from '../components/labels-dialog.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import { ProductDialog } from '../components/product-dialog.tsx';
import { type ProductFilterChange, useProductFilters } from '../hooks/use-product-filters.ts';

const SKELETON_COUNT = 8; // operations §9

type Editing = { product: Product | null } | null;

/** Product Management (operations §2). */
export function ProductsPage() {
  const { filters, searchText, update } = useProductFilters();
  const me = useMe().data;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isLabelsOpen, setLabelsOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const products = useProducts(filters);
  const rows = products.data?.pages.flatMap((page) => page.products) ?? [];
  // The cards count the listed products exactly (the list itself is asked not to count them again).
  const summary = useProductSummary(filters).data;

  return (
    <section className="grid gap-6" aria-labelledby="products-title">
      <PageHeader
        titleId="products-title"
        title="Product Management"
        description="Products, prices and stock of your shop."
        actions={
          <div className="flex flex-wrap gap-2">
            {canDo(me, 'manage_categories') && (
              <Button variant="outline" asChild>
                <Link to="/app/products/categories">
                  <FolderTreeIcon aria-hidden="true" />
                  Categories
                </Link>
              </Button>
            )}
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <UploadIcon aria-hidden="true" />
              Import
            </Button>
            <Button variant="outline" asChild>
              <a href={exportUrl()} download>
                <DownloadIcon aria-hidden="true" />
                Export
              </a>
            </Button>
            <Button variant="outline" onClick={() => setLabelsOpen(true)} disabled={selected.length === 0}>
              <PrinterIcon aria-hidden="true" />
              Print labels{selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
            <Button onClick={() => setEditing({ product: null })}>
              <PlusIcon aria-hidden="true" />
              Add Product
            </Button>
          </div>
        }
      />

      <ProductStats summary={summary} />
      <ProductFilterBar searchText={searchText} onChange={update} />

      <ListStates
        query={products}
        isEmpty={rows.length === 0}
        loading={
          <LoadingList
            count={SKELETON_COUNT}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            placeholder={() => <ProductCardSkeleton />}
          />
        }
        error={(message) => <ErrorState title="Error Loading Products" message={message} />}
        empty={
          <EmptyState icon={PackageIcon} title="No products found">
            {filters.search || filters.category_id || filters.low_stock
              ? 'Try adjusting your search or filters.'
              : 'Add your first product to get started.'}
          </EmptyState>
        }
      >
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-label="Products"
        >
          {rows.map((product) => (
            <li key={product.id} className="grid">
              <ProductCard
                product={product}
                isSelected={selected.includes(product.id)}
                onSelectedChange={(isSelected) =>
                  setSelected((current) =>
                    isSelected ? [...current, product.id] : current.filter((id) => id !== product.id),
                  )
                }
                onEdit={() => setEditing({ product })}
                onDelete={() => setDeleting(product)}
              />
            </li>
          ))}
        </ul>
        <LoadMoreFooter
          shown={rows.length}
          total={summary?.total_products}
          noun="products"
          hasNextPage={products.hasNextPage}
          isFetchingNextPage={products.isFetchingNextPage}
          onLoadMore={() => products.fetchNextPage()}
        />
      </ListStates>

      <ProductDialog
        open={editing !== null}
        product={editing?.product ?? null}
        onOpenChange={(open) => open || setEditing(null)}
      />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
      <ImportDialog open={isImportOpen} onOpenChange={setImportOpen} />
      <LabelsDialog open={isLabelsOpen} productIds={selected} onOpenChange={setLabelsOpen} />
    </section>
  );
}

function ProductStats({ summary }: { summary: ProductSummary | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Products" icon={PackageIcon} value={summary && String(summary.total_products)} />
      <StatCard
        label="Low Stock Items"
        icon={AlertTriangleIcon}
        tone="warning"
        value={summary && String(summary.low_stock_count)}
      />
      <StatCard label="Total Value" icon={BanknoteIcon} value={summary && formatCedis(summary.total_value)} />
      <StatCard label="Categories" icon={TagsIcon} value={summary && String(summary.categories_count)} />
    </div>
  );
}

function ProductFilterBar({
  searchText,
  onChange,
}: {
  searchText: string;
  onChange: (change: ProductFilterChange) => void;
}) {
  const { filters } = useProductFilters();
  const categories = useActiveCategories();

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchField
        label="Search products"
        placeholder="Search by name, barcode or SKU..."
        className="flex-1"
        value={searchText}
        onSettled={(text) => onChange({ search: text })}
      />
      <NativeSelect
        aria-label="Category"
        className="sm:w-56"
        value={filters.category_id ?? ''}
        onChange={(event) => onChange({ category: event.target.value || null })}
      >
        <option value="">All categories</option>
        {(categories.data ?? []).map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant={filters.low_stock ? 'default' : 'outline'}
        aria-pressed={filters.low_stock}
        onClick={() => onChange({ low_stock: !filters.low_stock })}
      >
        <AlertTriangleIcon aria-hidden="true" />
        Low stock
      </Button>
    </div>
  );
}

function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const deleteProduct = useDeleteProduct();
  return (
    <ConfirmDeleteDialog
      title="Delete product"
      name={product?.name ?? null}
      onClose={onClose}
      onConfirm={() => {
        if (!product) return;
        deleteProduct.mutate(product.id, {
          onSuccess: () => toast.success('Product deleted', { description: product.name }),
          onError: (error) =>
            toast.error('Failed to delete product', {
              description: actionErrorMessage(error, 'delete products'),
            }),
        });
      }}
    />
  );
}
