import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Parameters to set (a non-empty string) or remove (empty, null or undefined); the others are left as they are. */
export type AddressChanges = Record<string, string | null | undefined>;

/**
 * A page's filters kept in the address: the parameters as they are, and `change`, which sets or removes some of
 * them and keeps the rest (?business= on localhost among them), replacing the history entry.
 *
 * Each change builds on the newest parameters, including those of a change made since the last render. React
 * Router's own functional update hands its callback the parameters of the render that made it, so two changes
 * before the next render — a search box settling just after a filter button was pressed, on a busy phone — kept
 * only the second: the list showed the search cleared and the filter gone.
 */
export function useAddressParams(): [URLSearchParams, (changes: AddressChanges) => void] {
  const [params, setParams] = useSearchParams();
  const newest = useRef(params);
  // A render shows the address as it is now; a change made before it is already in it.
  newest.current = params;
  const change = (changes: AddressChanges) => {
    const next = new URLSearchParams(newest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    newest.current = next;
    setParams(next, { replace: true });
  };
  return [params, change];
}
