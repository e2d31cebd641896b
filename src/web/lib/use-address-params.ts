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
  const rendered = useRef(params.toString());
  // The router applies a change in a transition: a render in between (a list's answer arriving) still shows the
  // address before it. Only an address the page has not rendered yet (the change itself once applied, the back
  // button) replaces the newest parameters.
  if (params.toString() !== rendered.current) {
    rendered.current = params.toString();
    newest.current = params;
  }
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
