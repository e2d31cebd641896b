import { PlusIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { type Category, categoryCreateInput, MAX_CATEGORY_NAME } from '#domain/schemas/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateCategory } from '../api/create-category.ts';

/**
 * "New category" under the product form's Category field: a shop with no fitting category makes one without
 * leaving the product it is adding. It sits inside the product form, so Enter adds the category instead of
 * submitting the product.
 */
export function NewCategoryField({ onCreated }: { onCreated: (category: Category) => void }) {
  const create = useCreateCategory();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  if (name === null) {
    return (
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto justify-self-start p-0"
        onClick={() => setName('')}
      >
        <PlusIcon aria-hidden="true" /> New category
      </Button>
    );
  }

  const add = () => {
    const parsed = categoryCreateInput.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: ({ category }) => {
        toast.success('Category added', { description: category.name });
        setName(null);
        setError(undefined);
        onCreated(category);
      },
      onError: (failure) =>
        setError(
          (isApiError(failure) && failure.fields?.name) || actionErrorMessage(failure, 'add categories'),
        ),
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Escape') {
      // Closes this field, not the whole dialog.
      event.preventDefault();
      event.stopPropagation();
      setName(null);
      setError(undefined);
    }
  };

  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3">
      <FormField id="product-new-category" label="New category name" error={error}>
        <Input
          autoFocus
          autoComplete="off"
          maxLength={MAX_CATEGORY_NAME}
          placeholder="e.g. Beverages"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={add} disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add category'}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setName(null);
            setError(undefined);
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}
