import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { jsonResponse, renderPage } from '#web/testing/render.tsx';
import { PinLogin } from './pin-login.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const press = (key: string) => fireEvent.click(screen.getByRole('button', { name: key }));
const signInButton = () => screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;

describe('PIN screen', () => {
  it('masks the PIN, types with the keypad, and enables Sign In from four digits', () => {
    renderPage(<PinLogin onSignedIn={async () => {}} />, '/app/auth');
    const field = screen.getByLabelText('Enter your PIN') as HTMLInputElement;
    expect(field.type).toBe('password');
    for (const key of ['1', '2', '3']) press(key);
    expect(field.value).toBe('123');
    expect(signInButton().disabled).toBe(true);
    press('4');
    expect(signInButton().disabled).toBe(false);
    press('Delete last digit');
    expect(field.value).toBe('123');
    press('Clear');
    expect(field.value).toBe('');
    press('Show PIN');
    expect(field.type).toBe('text');
  });

  it('keeps digits only, at most six', () => {
    renderPage(<PinLogin onSignedIn={async () => {}} />, '/app/auth');
    const field = screen.getByLabelText('Enter your PIN') as HTMLInputElement;
    fireEvent.change(field, { target: { value: "1a2' OR 1=1<b>34567" } });
    expect(field.value).toBe('121134');
  });

  it('asks for exactly six digits before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<PinLogin onSignedIn={async () => {}} />, '/app/auth');
    for (const key of ['1', '2', '3', '4']) press(key);
    fireEvent.click(signInButton());
    expect(await screen.findByText('Please enter a valid 6-digit PIN')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the PIN session for 8 hours after a successful sign-in', async () => {
    const expiresAt = new Date(Date.now() + 8 * 3600_000).toISOString();
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(200, {
          success: true,
          user_email: 'cashier@demo.shop',
          user_name: 'Ama Darko',
          user_role: 'cashier',
          user_id: '7f7c1d3e-1111-4a4a-8b8b-000000000001',
          business_id: '7f7c1d3e-1111-4a4a-8b8b-000000000002',
          is_first_login: false,
          is_pending: false,
          auth_type: 'pin',
          expires_at: expiresAt,
        }),
      ),
    );
    const onSignedIn = vi.fn(async () => {});
    renderPage(<PinLogin onSignedIn={onSignedIn} />, '/app/auth');
    for (const key of ['3', '3', '3', '3', '3', '3']) press(key);
    fireEvent.click(signInButton());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.pinSession) ?? 'null');
    expect(stored).toMatchObject({
      user: { user_email: 'cashier@demo.shop', user_name: 'Ama Darko', user_role: 'cashier' },
      is_pending: false,
      expiresAt: Date.parse(expiresAt),
    });
  });

  it('clears the field and shows the server text on a wrong PIN', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(401, {
          error: {
            code: 'ACCOUNTS_INVALID_PIN',
            message: 'Invalid PIN. Please check your PIN and try again.',
          },
        }),
      ),
    );
    renderPage(<PinLogin onSignedIn={async () => {}} />, '/app/auth');
    for (const key of ['9', '0', '9', '0', '9', '0']) press(key);
    fireEvent.click(signInButton());
    expect(await screen.findByText('Invalid PIN. Please check your PIN and try again.')).toBeTruthy();
    const field = screen.getByLabelText('Enter your PIN') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(window.localStorage.getItem(STORAGE_KEYS.pinSession)).toBeNull();
  });
});
