import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import ProfilePage from '../index.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const PUT_PIN = 'PUT /api/v1/me/pin';
const TAKEN = 'This PIN is already in use in this business. Choose another.';
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Change PIN on My profile', () => {
  it('checks six digits and the confirmation, shows a taken PIN and a rate limit on the field, then saves', async () => {
    let answer: () => unknown = () => errorResponse(409, 'ACCOUNTS_PIN_TAKEN', TAKEN, { pin: TAKEN });
    const api = fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('cashier') }),
      [PUT_PIN]: () => answer(),
    });
    renderPage(<ProfilePage />, '/app/profile');
    expect(await screen.findByRole('heading', { name: 'Change PIN' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Change PIN' });
    const save = screen.getByRole('button', { name: 'Change PIN' });

    type('New PIN', '12a34');
    expect((screen.getByLabelText('New PIN') as HTMLInputElement).value).toBe('1234');
    fireEvent.click(save);
    expect(await screen.findByText('Your PIN must be exactly 6 digits')).toBeTruthy();

    type('New PIN', '123456');
    type('Confirm new PIN', '123457');
    fireEvent.click(save);
    expect(await screen.findByText("PINs don't match")).toBeTruthy();
    expect(api.callsTo(PUT_PIN)).toHaveLength(0);

    type('Confirm new PIN', '123456');
    fireEvent.click(save);
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(screen.getByLabelText('New PIN').getAttribute('aria-invalid')).toBe('true');

    answer = () => errorResponse(429, 'RATE_LIMITED', 'Too many PIN changes. Try again in 42 minutes.');
    type('New PIN', '246810');
    type('Confirm new PIN', '246810');
    fireEvent.click(save);
    expect(await screen.findByText('Too many PIN changes. Try again in 42 minutes.')).toBeTruthy();
    expect(screen.getByLabelText('New PIN').getAttribute('aria-invalid')).toBe('true');

    answer = () => ({ ok: true, has_password: true });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('PIN changed', expect.objectContaining({})),
    );
    expect(api.callsTo(PUT_PIN).at(-1)!.body).toEqual({ pin: '246810' });
    expect((screen.getByLabelText('New PIN') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Confirm new PIN') as HTMLInputElement).value).toBe('');
  });
});
