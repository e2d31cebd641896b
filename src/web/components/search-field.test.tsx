import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type PageProps = {
  onSettled: (text: string) => void;
  label: string;
  /** Shows what was settled only this many ms later, as a router applying it in a transition. */
  shownAfter?: number;
  /** A button elsewhere on the page that sets the search (clearing filters, the back button). */
  elsewhere: { name: string; search: string };
};

/** A page that keeps its search trimmed (as an address would), with a way to set it from elsewhere. */
function Page({ onSettled, label, shownAfter, elsewhere }: PageProps) {
  const [search, setSearch] = useState('');
  return (
    <>
      <SearchField
        label={label}
        placeholder="Name"
        value={search}
        onSettled={(text) => {
          onSettled(text);
          if (shownAfter === undefined) setSearch(text.trim());
          else setTimeout(() => setSearch(text.trim()), shownAfter);
        }}
      />
      <button type="button" onClick={() => setSearch(elsewhere.search)}>
        {elsewhere.name}
      </button>
    </>
  );
}

describe('search field', () => {
  it('hands over the search once typing pauses, keeps what is typed, and shows a search cleared elsewhere', () => {
    vi.useFakeTimers();
    const onSettled = vi.fn();
    render(
      <Page
        onSettled={onSettled}
        label="Search customers"
        elsewhere={{ name: 'Clear filters', search: '' }}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search customers' }) as HTMLInputElement;
    for (const text of ['k', 'ko', 'kofi ']) fireEvent.change(box, { target: { value: text } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSettled).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSettled).toHaveBeenCalledExactlyOnceWith('kofi ');
    // The page keeps 'kofi': the same search, so the space being typed stays and nothing is sent again.
    expect(box.value).toBe('kofi ');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSettled).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(box.value).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed after a search settled when the page shows that search a moment later', () => {
    vi.useFakeTimers();
    const onSettled = vi.fn();
    render(
      <Page
        onSettled={onSettled}
        label="Search products"
        shownAfter={100}
        elsewhere={{ name: 'Back', search: 'milo' }}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'milo' } });
    act(() => vi.advanceTimersByTime(300));
    // Cleared before the page shows 'milo': the page's late 'milo' is the box's own search, not a new one.
    fireEvent.change(box, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(100));
    expect(box.value).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(onSettled).toHaveBeenLastCalledWith('');
    act(() => vi.advanceTimersByTime(100));
    expect(box.value).toBe('');

    // Later the page goes back to 'milo' (the back button): that is a search from elsewhere, and shows.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(box.value).toBe('milo');
  });
});
