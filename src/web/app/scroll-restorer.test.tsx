import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestorer } from './scroll-restorer.tsx';

// jsdom does no layout: the window's scroll position is set by hand, and scrollTo is watched.
let scrollTo: ReturnType<typeof vi.fn>;
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  scrollWindowTo(0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let navigate: ReturnType<typeof useNavigate>;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderApp(initialEntries = ['/products']) {
  return render(
    <MemoryRouter initialEntries={initialEntries}>
      <ScrollRestorer />
      <Navigator />
      <section id="totals">Totals</section>
    </MemoryRouter>,
  );
}

describe('ScrollRestorer', () => {
  it('opens a new page at its top', () => {
    renderApp();
    scrollWindowTo(800);
    scrollTo.mockClear();
    act(() => navigate('/products/42'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('returns to where a page was left on Back', () => {
    renderApp();
    scrollWindowTo(800);
    act(() => navigate('/products/42'));
    scrollWindowTo(120);
    scrollTo.mockClear();
    act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 800);
  });

  it('scrolls to the #anchor a link names', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderApp();
    scrollTo.mockClear();
    act(() => navigate('/reports#totals'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the positions for a reload of the tab', () => {
    const router = createMemoryRouter([{ path: '*', element: <ScrollRestorer /> }], {
      initialEntries: ['/products'],
    });
    render(<RouterProvider router={router} />);
    scrollWindowTo(640);
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(sessionStorage.getItem('pos-scroll-positions') ?? '[]');
    expect(saved).toContainEqual([router.state.location.key, 640]);
  });
});
