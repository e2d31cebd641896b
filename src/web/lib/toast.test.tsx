import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast.ts';

afterEach(cleanup);

describe('toast', () => {
  it('shows each kind of toast with its description once the library has loaded', async () => {
    render(<Toaster visibleToasts={4} />);
    act(() => {
      toast.success('Sale completed', { description: 'Receipt #0007' });
      toast.error('Sign in failed');
      toast.warning('PIN Regenerated');
      toast('Cart cleared');
    });
    expect(await screen.findByText('Sale completed')).toBeTruthy();
    expect(screen.getByText('Receipt #0007')).toBeTruthy();
    expect(screen.getByText('Sign in failed')).toBeTruthy();
    expect(screen.getByText('PIN Regenerated')).toBeTruthy();
    expect(screen.getByText('Cart cleared')).toBeTruthy();
  });
});
