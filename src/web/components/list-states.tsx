import { AlertTriangleIcon, type LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';

// The states every list page goes through (loading, failed, empty, a page of rows with "Load more"), one
// look for the products, customers and categories pages.

/** `count` placeholders laid out like the rows they stand for, while the first page loads. */
export function LoadingList({
  count,
  className,
  placeholder,
}: {
  count: number;
  className: string;
  placeholder: () => ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Fragment key={index}>{placeholder()}</Fragment>
      ))}
    </div>
  );
}

/** A read that failed: the page's title for it ("Error Loading Products") and the server's message. */
export function ErrorState({
  title,
  message,
  hasIcon = true,
}: {
  title: string;
  message: string;
  hasIcon?: boolean;
}) {
  return (
    <Alert variant="destructive">
      {hasIcon && <AlertTriangleIcon aria-hidden="true" />}
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** Nothing to list: with an icon and a title, a card; without, one quiet line. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon?: LucideIcon;
  title?: string;
  children: ReactNode;
}) {
  if (!Icon && !title) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{children}</p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center">
      {Icon && <Icon className="size-10 text-muted-foreground" aria-hidden="true" />}
      {title && <p className="font-medium text-lg">{title}</p>}
      <p className="text-muted-foreground text-sm">{children}</p>
    </div>
  );
}

/**
 * "Showing 24 of 60 products" ("Showing 24 products" while the total is not known yet) and the "Load more"
 * button while there are more pages.
 */
export function LoadMoreFooter({
  shown,
  total,
  noun,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  shown: number;
  /** Undefined while it is being counted. */
  total: number | undefined;
  noun: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-muted-foreground text-sm">
        Showing {shown}
        {total === undefined ? '' : ` of ${total.toLocaleString('en-GH')}`} {noun}
      </p>
      {hasNextPage && (
        <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

type ListQuery = { isPending: boolean; isError: boolean; error: Error | null };

/**
 * Chooses the state of a list page from its query: placeholders while pending, the error, the empty state,
 * else the rows.
 */
export function ListStates({
  query,
  isEmpty,
  loading,
  error,
  empty,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  loading: ReactNode;
  error: (message: string) => ReactNode;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return error(query.error?.message ?? '');
  if (isEmpty) return empty;
  return children;
}
