import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '#web/lib/toast.ts';
import { AppProviders } from './providers.tsx';

afterEach(cleanup);

describe('AppProviders toaster', () => {
  it('mounts the toaster with the first toast, and shows that toast', async () => {
    render(
      <AppProviders slug="demo">
        <p>Till</p>
      </AppProviders>,
    );
    await screen.findByText('Till');
    // Long enough for a lazily loaded toaster to have come in, had it been mounted with the page.
    await act(async () => {
      await import('sonner');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    // No toast yet: sonner is neither loaded nor mounted (its region is labelled "Notifications …").
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();

    act(() => toast.success('Sale completed', { description: 'Receipt #0007' }));
    expect(await screen.findByText('Sale completed')).toBeTruthy();
    expect(screen.getByText('Receipt #0007')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
  });
});
