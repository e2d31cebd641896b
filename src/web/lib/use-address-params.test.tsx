import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type AddressChanges, useAddressParams } from './use-address-params.ts';

afterEach(cleanup);

let firstChange: ((changes: AddressChanges) => void) | undefined;
let address = '';
let renderAgain: () => void = () => {};

/** Keeps the change function of its FIRST render, as a search box's pending timer keeps an old callback. */
function FilterPage() {
  const [, change] = useAddressParams();
  const [, setRenders] = useState(0);
  renderAgain = () => setRenders((count) => count + 1);
  firstChange ??= change;
  address = useLocation().search;
  return null;
}

function renderAt(entry: string) {
  firstChange = undefined;
  render(
    <MemoryRouter initialEntries={[entry]}>
      <FilterPage />
    </MemoryRouter>,
  );
}

describe('the filters in the address', () => {
  it('sets and removes parameters and keeps the others', () => {
    renderAt('/app/products?business=demo&search=milo');
    act(() => firstChange?.({ search: null, category: 'c1' }));
    expect(address).toBe('?business=demo&category=c1');
  });

  it('keeps a filter pressed just before a search box settled with a callback from an earlier render', () => {
    renderAt('/app/products?business=demo&search=milo');
    act(() => {
      firstChange?.({ low_stock: 'true' });
      firstChange?.({ search: '' });
    });
    expect(address).toBe('?business=demo&low_stock=true');
  });

  it('builds on the address after a render too, with a callback kept from before it', () => {
    renderAt('/app/products?business=demo');
    act(() => firstChange?.({ low_stock: 'true' }));
    expect(address).toBe('?business=demo&low_stock=true');
    act(() => firstChange?.({ search: 'tin' }));
    expect(address).toBe('?business=demo&low_stock=true&search=tin');
  });

  it('keeps a change the router has not applied yet through a render that still shows the address before it', () => {
    renderAt('/app/products?business=demo&search=milo');
    act(() => {
      firstChange?.({ low_stock: 'true' });
      // An urgent render (a list's answer) before the router's transition: the page still shows search=milo.
      flushSync(renderAgain);
      firstChange?.({ search: '' });
    });
    expect(address).toBe('?business=demo&low_stock=true');
  });
});
