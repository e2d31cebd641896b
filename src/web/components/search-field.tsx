import { SearchIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * A list page's search box. `value` is the search the page shows now (usually from the address); what is typed
 * reaches `onSettled` once typing pauses for 300 ms, not on every key, so a list is asked for once per search.
 * Without `onSettled` the box is plain: `onChange` gets every key (a list filtered in the page itself).
 */
export function SearchField({
  label,
  placeholder,
  value,
  onSettled,
  onChange,
  className,
}: {
  /** The accessible name, e.g. 'Search customers'. */
  label: string;
  placeholder: string;
  value: string;
  onSettled?: (text: string) => void;
  onChange?: (text: string) => void;
  className?: string;
}) {
  const [typed, setTyped] = useState(value);
  // The search this box last handed over, until the page shows it: the page may show it a moment later (the
  // router applies an address in a transition), by which time the box may hold something newer.
  const settled = useRef<string | null>(null);
  // The search changed from elsewhere (filters cleared, back button): the box shows it. The page's own copy
  // of what was typed may be trimmed, which is the same search.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    const isOwnSearch = settled.current?.trim() === value.trim();
    if (!isOwnSearch && value.trim() !== typed.trim()) setTyped(value);
  }
  // Shown: a later change of the page's search is from elsewhere again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs each time the page's search changes
  useEffect(() => {
    settled.current = null;
  }, [value]);
  useEffect(() => {
    if (!onSettled || typed.trim() === value.trim()) return;
    const timer = setTimeout(() => {
      settled.current = typed;
      onSettled(typed);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, value, onSettled]);
  return (
    <div className={cn('relative', className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={onSettled ? typed : value}
        onChange={(event) => {
          setTyped(event.target.value);
          onChange?.(event.target.value);
        }}
      />
    </div>
  );
}
