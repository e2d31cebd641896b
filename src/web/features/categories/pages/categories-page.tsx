import { zodResolver } from '@hookform/resolvers/zod';
import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowUpIcon,
  CheckIcon,
  PencilIcon,
  PlusIcon,
  XIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type Category, type CategoryCreateInput, categoryCreateInput } from '#domain/schemas/catalog.ts';
import { EmptyState, ErrorState, ListStates, LoadingList } from '#web/components/list-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useAllCategories,
  useCreateCategory,
  useReorderCategories,
  useUpdateCategory,
} from '../api/categories.ts';

/** Categories of the shop (manage_categories): add, rename, put in order, deactivate or reactivate. */
export function CategoriesPage() {
  const categories = useAllCategories();
  const reorder = useReorderCategories();
  const rows = categories.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((category) => category.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, {
      onError: (error) =>
        toast.error('Failed to reorder categories', {
          description: actionErrorMessage(error, 'change categories'),
        }),
    });
  };

  return (
    <section className="grid max-w-3xl gap-6" aria-labelledby="categories-title">
      <header className="grid gap-2">
        <Button variant="link" asChild className="h-auto justify-self-start p-0">
          <Link to="/app/products">
            <ArrowLeftIcon aria-hidden="true" />
            Products
          </Link>
        </Button>
        <h1 id="categories-title" className="font-semibold text-2xl tracking-tight">
          Categories
        </h1>
        <p className="text-muted-foreground">
          The order here is the order of the till's category filter. Deactivated categories stay on their
          products but are no longer offered.
        </p>
      </header>
      <AddCategoryForm />
      <ListStates
        query={categories}
        isEmpty={rows.length === 0}
        loading={
          <LoadingList count={4} className="grid gap-2" placeholder={() => <Skeleton className="h-14" />} />
        }
        error={(message) => <ErrorState title="Error Loading Categories" message={message} hasIcon={false} />}
        empty={<EmptyState>No categories yet. Add the first one above.</EmptyState>}
      >
        <ol className="grid gap-2" aria-label="Categories in order">
          {rows.map((category, index) => (
            <li key={category.id}>
              <CategoryRow
                category={category}
                canMoveUp={index > 0}
                canMoveDown={index < rows.length - 1}
                isMoving={reorder.isPending}
                onMove={(by) => move(index, by)}
              />
            </li>
          ))}
        </ol>
      </ListStates>
    </section>
  );
}

function AddCategoryForm() {
  const create = useCreateCategory();
  const form = useForm<CategoryCreateInput>({
    resolver: zodResolver(categoryCreateInput),
    defaultValues: { name: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      ({ category }) => {
        toast.success('Category created', { description: category.name });
        form.reset({ name: '' });
      },
      (error: unknown) => {
        const message = isApiError(error) ? (error.fields?.name ?? error.message) : 'Unknown error occurred';
        form.setError('name', { message }, { shouldFocus: true });
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex items-start gap-2" aria-label="Add category">
      <FormField
        id="new-category"
        label="New category"
        error={form.formState.errors.name?.message}
        className="flex-1"
      >
        <Input placeholder="e.g. Beverages" autoComplete="off" {...form.register('name')} />
      </FormField>
      <Button type="submit" className="mt-7" disabled={create.isPending}>
        <PlusIcon aria-hidden="true" />
        Add
      </Button>
    </form>
  );
}

type CategoryRowProps = {
  category: Category;
  canMoveUp: boolean;
  canMoveDown: boolean;
  isMoving: boolean;
  onMove: (by: -1 | 1) => void;
};

function CategoryRow({ category, canMoveUp, canMoveDown, isMoving, onMove }: CategoryRowProps) {
  const update = useUpdateCategory();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = (input: { name?: string; is_active?: boolean }, done: string) =>
    update.mutate(
      { id: category.id, input },
      {
        onSuccess: ({ category: saved }) => {
          setDraft(null);
          setError(null);
          toast.success(done, { description: saved.name });
        },
        onError: (failure) =>
          setError(
            (isApiError(failure) && failure.fields?.name) || actionErrorMessage(failure, 'change categories'),
          ),
      },
    );

  return (
    <Card className="flex flex-row flex-wrap items-center gap-3 p-3" data-testid="category-row">
      <div className="flex flex-col">
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          disabled={!canMoveUp || isMoving}
          onClick={() => onMove(-1)}
          aria-label={`Move ${category.name} up`}
        >
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          disabled={!canMoveDown || isMoving}
          onClick={() => onMove(1)}
          aria-label={`Move ${category.name} down`}
        >
          <ArrowDownIcon aria-hidden="true" />
        </Button>
      </div>
      {draft === null ? (
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <span className="truncate font-medium">{category.name}</span>
          {!category.is_active && <Badge variant="outline">Inactive</Badge>}
          <span className="text-muted-foreground text-sm">
            {category.product_count} {category.product_count === 1 ? 'product' : 'products'}
          </span>
        </div>
      ) : (
        <form
          className="flex min-w-0 flex-1 items-center gap-2"
          aria-label={`Rename ${category.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            save({ name: draft }, 'Category renamed');
          }}
        >
          <Input
            aria-label="Category name"
            value={draft}
            autoFocus
            aria-invalid={error ? true : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setDraft(null);
                setError(null);
              }
            }}
          />
          <Button type="submit" size="icon" aria-label="Save name" disabled={update.isPending}>
            <CheckIcon aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Cancel rename"
            onClick={() => {
              setDraft(null);
              setError(null);
            }}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </form>
      )}
      {draft === null && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDraft(category.name)}
            aria-label={`Rename ${category.name}`}
          >
            <PencilIcon aria-hidden="true" />
            Rename
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              save(
                { is_active: !category.is_active },
                category.is_active ? 'Category deactivated' : 'Category reactivated',
              )
            }
          >
            {category.is_active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="w-full font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </Card>
  );
}
