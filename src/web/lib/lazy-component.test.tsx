import { act, cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LazyComponent, lazyComponent, useLoaded } from './lazy-component.ts';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** What the Suspense boundary showed, render by render: the fallback marks itself when it renders. */
function renderBehindSuspense(Component: ComponentType<{ name: string }>) {
  const fallback = vi.fn(() => <p>Loading</p>);
  function Fallback() {
    return fallback();
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Component name="Ama" />
    </Suspense>,
  );
  return fallback;
}

describe('lazyComponent', () => {
  it('renders a component whose code has loaded in its first render, never showing the fallback', async () => {
    const Lazy = lazyComponent(async () => ({ default: Greeting }));
    await Lazy.preload();
    expect(Lazy.isLoaded()).toBe(true);

    const fallback = renderBehindSuspense(Lazy);

    // Synchronously there, with no act() to flush a resolved promise.
    expect(screen.getByText('Hello Ama')).toBeTruthy();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('still suspends like React.lazy when rendered before its code has loaded', async () => {
    let finish!: (module: { default: typeof Greeting }) => void;
    const Lazy = lazyComponent<typeof Greeting>(() => new Promise((resolve) => (finish = resolve)));

    const fallback = renderBehindSuspense(Lazy);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(fallback).toHaveBeenCalled();

    await act(async () => finish({ default: Greeting }));
    expect(await screen.findByText('Hello Ama')).toBeTruthy();
  });

  it('loads its code once, however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Lazy = lazyComponent(load);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next preload (a chunk that did not arrive offline)', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Greeting });
    const Lazy = lazyComponent(load);

    await expect(Lazy.preload()).rejects.toThrow('Failed to fetch');
    expect(Lazy.isLoaded()).toBe(false);
    await Lazy.preload();
    expect(Lazy.isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

type LazyGreeting = LazyComponent<typeof Greeting>;

function Page({ Lazy }: { Lazy: LazyGreeting }) {
  if (!useLoaded(Lazy)) return <p role="status">Loading the page</p>;
  return (
    <Suspense fallback={<p>Suspended</p>}>
      <Lazy name="Kofi" />
    </Suspense>
  );
}

function Probe({ Lazy }: { Lazy: LazyGreeting }) {
  return <p>{useLoaded(Lazy) ? 'settled' : 'loading'}</p>;
}

describe('useLoaded', () => {
  it("shows the caller's own loading state, then the component without a Suspense fallback", async () => {
    let finish!: (module: { default: typeof Greeting }) => void;
    const Lazy = lazyComponent<typeof Greeting>(() => new Promise((resolve) => (finish = resolve)));
    render(<Page Lazy={Lazy} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the page');

    await act(async () => finish({ default: Greeting }));
    expect(screen.getByText('Hello Kofi')).toBeTruthy();
    expect(screen.queryByText('Suspended')).toBeNull();
  });

  it('is true at once for a component already loaded', async () => {
    const Lazy = lazyComponent(async () => ({ default: Greeting }));
    await Lazy.preload();
    render(<Page Lazy={Lazy} />);
    expect(screen.getByText('Hello Kofi')).toBeTruthy();
  });

  it('follows the component it is asked about when that changes', async () => {
    const First = lazyComponent<typeof Greeting>(async () => ({ default: Greeting }));
    await First.preload();
    let finish!: (module: { default: typeof Greeting }) => void;
    const Second = lazyComponent<typeof Greeting>(() => new Promise((resolve) => (finish = resolve)));
    const { rerender } = render(<Probe Lazy={First} />);
    expect(screen.getByText('settled')).toBeTruthy();

    rerender(<Probe Lazy={Second} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => finish({ default: Greeting }));
    expect(screen.getByText('settled')).toBeTruthy();
  });

  it('is true after a failed load too, so that rendering the component takes its error to the error boundary', async () => {
    const Lazy = lazyComponent<typeof Greeting>(() => Promise.reject(new Error('chunk missing')));
    render(<Probe Lazy={Lazy} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('settled')).toBeTruthy();
    expect(Lazy.isLoaded()).toBe(false);
  });
});
