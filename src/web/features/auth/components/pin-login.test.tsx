import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessStorageKey, STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { errorResponse, fakeApi } from '#web/testing/fake-api.ts';
import { pinSignInFixture, TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';

const PIN_SIGN_IN = 'POST /api/v1/auth/pin-sign-in';

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
    const api = fakeApi();
    renderPage(<PinLogin onSignedIn={async () => {}} />, '/app/auth');
    for (const key of ['1', '2', '3', '4']) press(key);
    fireEvent.click(signInButton());
    expect(await screen.findByText('Please enter a valid 6-digit PIN')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('stores the PIN session for 8 hours after a successful sign-in', async () => {
    const expiresAt = new Date(Date.now() + 8 * 3600_000).toISOString();
    fakeApi({ [PIN_SIGN_IN]: () => pinSignInFixture({ expires_at: expiresAt }) });
    const onSignedIn = vi.fn(async () => {});
    renderPage(<PinLogin onSignedIn={onSignedIn} />, '/app/auth');
    for (const key of ['3', '3', '3', '3', '3', '3']) press(key);
    fireEvent.click(signInButton());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const stored = JSON.parse(
      window.localStorage.getItem(businessStorageKey(STORAGE_KEYS.pinSession, TEST_BUSINESS.slug)) ?? 'null',
    );
    expect(stored).toMatchObject({
      user: { user_email: 'cashier@demo.shop', user_name: 'Ama Darko', user_role: 'cashier' },
      is_pending: false,
      expiresAt: Date.parse(expiresAt),
    });
  });

  it('clears the field and shows the server text on a wrong PIN', async () => {
    fakeApi({
      [PIN_SIGN_IN]: () =>
        errorResponse(401, 'ACCOUNTS_INVALID_PIN', 'Invalid PIN. Please check your PIN and try again.'),
    });
    renderPage(<PinLogin onSignedIn={async () => {}} />, '/app/auth');
    for (const key of ['9', '0', '9', '0', '9', '0']) press(key);
    fireEvent.click(signInButton());
    expect(await screen.findByText('Invalid PIN. Please check your PIN and try again.')).toBeTruthy();
    const field = screen.getByLabelText('Enter your PIN') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(
      window.localStorage.getItem(businessStorageKey(STORAGE_KEYS.pinSession, TEST_BUSINESS.slug)),
    ).toBeNull();
  });

  it('sends a person who used an issued PIN on to choose their own', async () => {
    fakeApi({ [PIN_SIGN_IN]: () => pinSignInFixture({ is_first_login: true, must_choose_pin: true }) });
    const onSignedIn = vi.fn(async () => {});
    renderPage(<PinLogin onSignedIn={onSignedIn} />, '/app/auth');
    for (const key of ['4', '8', '2', '9', '1', '3']) press(key);
    fireEvent.click(signInButton());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/app/first-login'));
  });
});
