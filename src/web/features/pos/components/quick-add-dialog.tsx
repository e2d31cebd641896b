import { useState } from 'react';
import { DEFAULT_TAX_RATE } from '#domain/catalog/product-rules.ts';
import type { Product } from '#domain/schemas/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { useCreateProduct } from '#web/lib/api/create-product.ts';
import { useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { QUICK_ADD_MISSING, type QuickAddValues, quickAddInput } from '../lib/quick-add.ts';

type QuickAddDialogProps = {
  /** The code that was not found ('' when opened from the Quick Add button); null while closed. */
  code: string | null;
  onOpenChange: (open: boolean) => void;
  onCreated: (product: Product) => void;
};

/**
 * operations §4/§5: a scanned code that is not a product yet can be added on the spot — by someone who may
 * add products (manage_products); the till offers it to no one else.
 */
export function QuickAddDialog({ code, onOpenChange, onCreated }: QuickAddDialogProps) {
  return (
    <Dialog open={code !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {code !== null && (
          <QuickAddForm code={code} onCreated={onCreated} onCancel={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function QuickAddForm({
  code,
  onCreated,
  onCancel,
}: {
  code: string;
  onCreated: (product: Product) => void;
  onCancel: () => void;
}) {
  const createProduct = useCreateProduct();
  // Settings → Tax: a new product starts with the business's default rate.
  const defaultTaxRate = useMe().data?.business.default_tax_rate ?? DEFAULT_TAX_RATE;
  const [values, setValues] = useState<QuickAddValues>({
    name: '',
    price: '',
    costPrice: '',
    taxRate: String(defaultTaxRate),
    stock: '0',
    minStock: '5',
    barcode: code,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof QuickAddValues, string>>>({});
  const field = (name: keyof QuickAddValues) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = quickAddInput(values);
        if (!result.ok) {
          if (result.missing)
            toast.error(QUICK_ADD_MISSING.title, { description: QUICK_ADD_MISSING.message });
          else setErrors(result.errors);
          return;
        }
        setErrors({});
        createProduct.mutate(result.input, {
          onSuccess: ({ product }) => {
            toast.success('Product added', { description: product.name });
            onCreated(product);
          },
          onError: (error) =>
            toast.error('Error Adding Product', {
              description: actionErrorMessage(error, 'add products', 'Failed to add product to inventory.'),
            }),
        });
      }}
    >
      <DialogHeader>
        <DialogTitle>Quick add product</DialogTitle>
        <DialogDescription>
          {code
            ? `No product has the code ${code}. Add it to the inventory now.`
            : 'Add a product to the inventory and to this sale.'}
        </DialogDescription>
      </DialogHeader>
      <FormField id="quick-add-name" label="Product name" error={errors.name}>
        <Input autoFocus autoComplete="off" {...field('name')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="quick-add-price" label="Selling price (₵)" error={errors.price}>
          <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...field('price')} />
        </FormField>
        <FormField id="quick-add-cost" label="Cost price (₵)" optional error={errors.costPrice}>
          <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...field('costPrice')} />
        </FormField>
        <FormField id="quick-add-tax" label="Tax rate (%)" error={errors.taxRate}>
          <Input inputMode="decimal" autoComplete="off" {...field('taxRate')} />
        </FormField>
        <FormField id="quick-add-stock" label="Current stock" error={errors.stock}>
          <Input inputMode="numeric" autoComplete="off" {...field('stock')} />
        </FormField>
        <FormField id="quick-add-min" label="Minimum stock level" error={errors.minStock}>
          <Input inputMode="numeric" autoComplete="off" {...field('minStock')} />
        </FormField>
        <FormField id="quick-add-barcode" label="Barcode" error={errors.barcode}>
          <Input autoComplete="off" {...field('barcode')} />
        </FormField>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={createProduct.isPending}>
          {createProduct.isPending ? 'Adding…' : 'Add product'}
        </Button>
      </div>
    </form>
  );
}
