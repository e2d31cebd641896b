import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from './route-error.tsx';

afterEach(cleanup);

function BrokenPage(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/pos-abc.js');
}

function renderAt(path: string) {
  const failures: unknown[] = [];
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<BrokenPage />} />
          <Route
            path="/fine"
            element={
              <>
                <p>Fine page</p>
                <Link to="/broken">Open broken</Link>
              </>
            }
          />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
    { onCaughtError: (error) => failures.push(error) },
  );
  return { ...view, failures };
}

describe('RouteErrorBoundary', () => {
  it('replaces a page whose code could not be downloaded with the reload page', () => {
    const { failures } = renderAt('/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText('Part of the page could not be downloaded. Check your connection and reload.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(failures).toHaveLength(1);
  });

  it('shows the pages that render, and catches a failure on a page opened later', () => {
    renderAt('/fine');
    expect(screen.getByText('Fine page')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Open broken' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText('Fine page')).toBeNull();
  });
});
