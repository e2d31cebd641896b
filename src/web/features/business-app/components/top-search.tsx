import { SearchIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCedis } from '#domain/money.ts';
import { Input } from '#web/components/ui/input.tsx';
import { type BusinessAppRoute, canOpen, type Person, useBusinessAppPages } from '#web/lib/app-routes.tsx';
import { cn } from '#web/lib/cn.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useTopSearchCustomers } from '../api/search-customers.ts';
import { useTopSearchProducts } from '../api/search-products.ts';

/** Fewer letters than this match too much to be worth a request. */
const MIN_SEARCH_LENGTH = 2;
const MAX_SEARCH_LENGTH = 100;

type Result = { id: string; name: string; detail: string; to: string };
type Group = { key: 'products' | 'customers'; label: string; results: Result[]; isLoading: boolean };

type Routes = readonly BusinessAppRoute[];

function mayOpen(path: string, person: Person, routes: Routes): boolean {
  const route = routes.find((entry) => entry.path === path);
  return route !== undefined && canOpen(route, person);
}

/** Whether the top bar has anything to search for this person (products, customers, or both). */
export function canSearch(person: Person, routes: Routes): boolean {
  return mayOpen('products', person, routes) || mayOpen('customers', person, routes);
}

const filtered = (path: string, name: string) => `/app/${path}?search=${encodeURIComponent(name)}`;

/**
 * platform §2 "Top bar" search: products and customers as you type, grouped, each kind only for those who may
 * open its page. A combobox with a listbox (WAI-ARIA): arrows move through the results, Enter opens the
 * chosen one (its page, filtered to it) or, with none chosen, the first list filtered by what was typed.
 */
export function TopSearch({ person }: { person: Person }) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const term = useDebouncedValue(query.trim().slice(0, MAX_SEARCH_LENGTH), 250);
  const isSearching = term.length >= MIN_SEARCH_LENGTH;

  const { routes } = useBusinessAppPages();
  const canProducts = mayOpen('products', person, routes);
  const canCustomers = mayOpen('customers', person, routes);
  const products = useTopSearchProducts(term, canProducts && isSearching);
  const customers = useTopSearchCustomers(term, canCustomers && isSearching);

  const groups: Group[] = [];
  if (canProducts) {
    groups.push({
      key: 'products',
      label: 'Products',
      isLoading: products.isPending,
      results: (products.data?.products ?? []).map((product) => ({
        id: `${listId}-product-${product.id}`,
        name: product.name,
        detail: [formatCedis(product.price), product.sku].filter(Boolean).join(' · '),
        to: filtered('products', product.name),
      })),
    });
  }
  if (canCustomers) {
    groups.push({
      key: 'customers',
      label: 'Customers',
      isLoading: customers.isPending,
      results: (customers.data?.customers ?? []).map((customer) => ({
        id: `${listId}-customer-${customer.id}`,
        name: customer.name,
        detail: customer.phone ?? customer.email ?? '',
        to: filtered('customers', customer.name),
      })),
    });
  }
  const options = groups.flatMap((group) => group.results);
  // Derived: a chosen result that is no longer listed (the results changed) counts as none chosen.
  const active = options.find((option) => option.id === activeId) ?? null;
  const isListShown = isOpen && isSearching;

  function go(to: string) {
    navigate(to);
    setQuery('');
    setActiveId(null);
    setOpen(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (active) {
      go(active.to);
      return;
    }
    const search = query.trim().slice(0, MAX_SEARCH_LENGTH);
    const path = canProducts ? 'products' : 'customers';
    go(search ? filtered(path, search) : `/app/${path}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const index = active ? options.indexOf(active) : -1;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        index === -1 && step === -1 ? options.length - 1 : (index + step + options.length) % options.length;
      setActiveId(options[next]!.id);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (isListShown) setOpen(false);
      else setQuery('');
      setActiveId(null);
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which jsdom (component tests) does not know yet
    <div role="search" className="relative hidden max-w-md flex-1 md:block">
      <form onSubmit={onSubmit} className="relative">
        <SearchIcon
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          role="combobox"
          aria-label="Search products, customers"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-activedescendant={isListShown && active ? active.id : undefined}
          autoComplete="off"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          placeholder="Search products, customers..."
          maxLength={MAX_SEARCH_LENGTH}
          className="pl-9"
        />
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!isListShown}
        className="absolute top-full z-50 mt-1 max-h-[70dvh] w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {isListShown &&
          groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group (WAI-ARIA); a fieldset is no listbox child
            <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
              <div
                id={`${listId}-${group.key}`}
                role="presentation"
                className="px-2 pt-2 pb-1 font-medium text-muted-foreground text-xs"
              >
                {group.label}
              </div>
              {group.results.length === 0 && (
                <div role="presentation" className="px-2 py-1.5 text-muted-foreground text-sm">
                  {group.isLoading ? 'Searching…' : `No ${group.label.toLowerCase()} match`}
                </div>
              )}
              {group.results.map((result) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (aria-activedescendant); focus never leaves the input
                <div
                  key={result.id}
                  id={result.id}
                  role="option"
                  aria-selected={result.id === active?.id}
                  tabIndex={-1}
                  // The input keeps the focus; a click still picks the result.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActiveId(result.id)}
                  onClick={() => go(result.to)}
                  className={cn(
                    'grid cursor-pointer gap-0.5 rounded-sm px-2 py-1.5 text-sm',
                    result.id === active?.id && 'bg-accent text-accent-foreground',
                  )}
                >
                  <span className="truncate font-medium">{result.name}</span>
                  {result.detail && (
                    <span className="truncate text-muted-foreground text-xs">{result.detail}</span>
                  )}
                </div>
              ))}
            </div>
          ))}
      </div>
    </div>
  );
}
