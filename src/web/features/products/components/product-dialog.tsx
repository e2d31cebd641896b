import { zodResolver } from '@hookform/resolvers/zod';
import { SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { generateSku } from '#domain/catalog/sku.ts';
import { formatTaxRate } from '#domain/catalog/tax-rate.ts';
import { pesewasToInput } from '#domain/money.ts';
import {
  DEFAULT_MIN_STOCK,
  DEFAULT_STOCK,
  DEFAULT_TAX_RATE,
  type Product,
  type ProductFormOutput,
  type ProductFormValues,
  productFormSchema,
} from '#domain/schemas/catalog.ts';
import { NativeSelect } from '#web/components/native-select.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { useCreateProduct } from '#web/lib/api/create-product.ts';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { canDo, useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useActiveCategories } from '../api/get-categories.ts';
import { useUpdateProduct } from '../api/save-product.ts';
import { NewCategoryField } from './new-category-field.tsx';
import { StockPanel } from './stock-panel.tsx';

const FORM_FIELDS = [
  'name',
  'description',
  'category_id',
  'image_url',
  'price',
  'cost_price',
  'tax_rate',
  'stock_quantity',
  'min_stock_level',
  'sku',
  'barcode',
] as const;

// operations §9: a new product starts with tax 12.5 % (or the business's default rate, Settings → Tax),
// minimum stock 5 and stock 0.
function initialValues(product: Product | null, defaultTaxRate = DEFAULT_TAX_RATE): ProductFormValues {
  if (!product) {
    return {
      name: '',
      description: '',
      category_id: '',
      image_url: '',
      price: '',
      cost_price: '',
      tax_rate: formatTaxRate(defaultTaxRate),
      stock_quantity: String(DEFAULT_STOCK),
      min_stock_level: String(DEFAULT_MIN_STOCK),
      sku: '',
      barcode: '',
    };
  }
  return {
    name: product.name,
    description: product.description ?? '',
    category_id: product.category_id ?? '',
    image_url: product.image_url ?? '',
    price: pesewasToInput(product.price),
    cost_price: pesewasToInput(product.cost_price),
    tax_rate: formatTaxRate(product.tax_rate),
    stock_quantity: String(product.stock_quantity),
    min_stock_level: String(product.min_stock_level),
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
  };
}

type ProductDialogProps = {
  open: boolean;
  /** null: a new product. */
  product: Product | null;
  onOpenChange: (open: boolean) => void;
};

/** Add and edit (operations §2): Basic Information, Pricing, Inventory, Product Codes. */
export function ProductDialog({ open, product, onOpenChange }: ProductDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-1rem)] sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>
            {product ? `Change the details of ${product.name}.` : 'Fields marked * are required.'}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed so that each opening starts from the product's own values. */}
        {open && (
          <ProductForm key={product?.id ?? 'new'} product={product} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const categories = useActiveCategories();
  const me = useMe().data;
  const canAddCategories = canDo(me, 'manage_categories');
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: initialValues(product, me?.business.default_tax_rate),
  });
  const { errors, isSubmitting } = form.formState;
  const isEditing = product !== null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (product) {
        // Stock is changed through the stock panel (logged with its reason), not by the form.
        const { stock_quantity: _stock, ...changes } = values;
        await updateProduct.mutateAsync({ id: product.id, input: changes });
        toast.success('Product updated', { description: values.name });
      } else {
        await createProduct.mutateAsync(values);
        toast.success('Product created', { description: values.name });
      }
      onDone();
    } catch (error) {
      const message = actionErrorMessage(error, product ? 'edit products' : 'add products');
      showServerFieldErrors(form, error, FORM_FIELDS);
      toast.error(product ? 'Failed to update product' : 'Failed to create product', {
        description: message,
      });
    }
  });

  // Product forms offer active categories; a product already in a deactivated one keeps it on offer.
  const options = categories.data ?? [];
  const keepsInactive =
    product?.category && !options.some((category) => category.id === product.category?.id)
      ? product.category
      : null;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-6"
      aria-label={isEditing ? 'Edit product' : 'Add product'}
    >
      <Section title="Basic Information">
        <FormField
          id="product-name"
          label="Product Name *"
          error={errors.name?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="off" placeholder="e.g. Milo 400g Tin" {...form.register('name')} />
        </FormField>
        <FormField
          id="product-description"
          label="Description"
          optional
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={2} {...form.register('description')} />
        </FormField>
        <div className="grid content-start gap-2">
          {/* Controlled, so a category made just now is selected as soon as its option is there. */}
          <Controller
            control={form.control}
            name="category_id"
            render={({ field }) => (
              <FormField
                id="product-category"
                label="Category *"
                error={errors.category_id?.message}
                hint={
                  !categories.isPending && options.length === 0 && !canAddCategories
                    ? 'No categories yet: ask a manager to add one.'
                    : undefined
                }
              >
                <NativeSelect {...field} disabled={categories.isPending}>
                  <option value="">
                    {categories.isPending ? 'Loading categories…' : 'Select a category'}
                  </option>
                  {options.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                  {keepsInactive && <option value={keepsInactive.id}>{keepsInactive.name} (inactive)</option>}
                </NativeSelect>
              </FormField>
            )}
          />
          {canAddCategories && (
            <NewCategoryField
              onCreated={(category) =>
                form.setValue('category_id', category.id, { shouldDirty: true, shouldValidate: true })
              }
            />
          )}
        </div>
        <FormField
          id="product-image"
          label="Image URL"
          optional
          error={errors.image_url?.message}
          // Level with the Category field, which has "New category" under it.
          className="content-start"
        >
          <Input type="url" inputMode="url" placeholder="https://…" {...form.register('image_url')} />
        </FormField>
      </Section>

      <Section title="Pricing">
        <FormField id="product-price" label="Selling Price (₵) *" error={errors.price?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="0.00"
            {...form.register('price')}
          />
        </FormField>
        <FormField id="product-cost" label="Cost Price (₵)" error={errors.cost_price?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="0.00"
            {...form.register('cost_price')}
          />
        </FormField>
        <FormField id="product-tax" label="Tax Rate (%)" error={errors.tax_rate?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min="0"
            max="100"
            step="0.01"
            {...form.register('tax_rate')}
          />
        </FormField>
      </Section>

      <Section title="Inventory">
        {isEditing ? (
          <StockPanel product={product} />
        ) : (
          <FormField id="product-stock" label="Current Stock *" error={errors.stock_quantity?.message}>
            <Input type="number" inputMode="numeric" min="0" step="1" {...form.register('stock_quantity')} />
          </FormField>
        )}
        <FormField
          id="product-min-stock"
          label="Minimum Stock Level *"
          error={errors.min_stock_level?.message}
        >
          <Input type="number" inputMode="numeric" min="0" step="1" {...form.register('min_stock_level')} />
        </FormField>
      </Section>

      <Section title="Product Codes">
        <div className="grid gap-2">
          <FormField id="product-sku" label="SKU" optional error={errors.sku?.message}>
            <Input autoComplete="off" className="font-mono" {...form.register('sku')} />
          </FormField>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => {
              const name = form.getValues('name');
              if (!name.trim()) {
                form.setError(
                  'name',
                  { message: 'Enter the product name first to generate an SKU' },
                  { shouldFocus: true },
                );
                return;
              }
              form.setValue('sku', generateSku(name), { shouldDirty: true, shouldValidate: true });
            }}
          >
            <SparklesIcon aria-hidden="true" />
            Generate
          </Button>
        </div>
        <FormField id="product-barcode" label="Barcode" optional error={errors.barcode?.message}>
          <Input autoComplete="off" inputMode="numeric" className="font-mono" {...form.register('barcode')} />
        </FormField>
      </Section>

      <DialogFooter className="sticky bottom-0 -mx-6 -mb-6 border-t bg-background px-6 py-4">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner label="Saving" />}
          {isEditing ? 'Save changes' : 'Add Product'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 font-semibold text-base">{title}</legend>
      {children}
    </fieldset>
  );
}
