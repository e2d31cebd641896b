import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page that keeps its search trimmed (as an address would), with a way to clear it from elsewhere. */
function Page({ onSettled }: { onSettled: (text: string) => void }) {
  const [search, setSearch] = useState('');
  return (
    <>
      <SearchField
        label="Search customers"
        placeholder="Name"
        value={search}
        onSettled={(text) => {
          onSettled(text);
          setSearch(text.trim());
        }}
      />
      <button type="button" onClick={() => setSearch('')}>
        Clear filters
      </button>
    </>
  );
}

describe('search field', () => {
  it('hands over the search once typing pauses, keeps what is typed, and shows a search cleared elsewhere', () => {
    vi.useFakeTimers();
    const onSettled = vi.fn();
    render(<Page onSettled={onSettled} />);
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
});
