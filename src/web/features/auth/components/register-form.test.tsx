import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { renderPage } from '#web/testing/render.tsx';

const SIGN_UP = 'POST /api/v1/auth/sign-up';

import { RegisterForm } from './register-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

function fillValid() {
  fill('First name', 'Adwoa');
  fill('Last name', 'Boateng');
  fill('Email', 'adwoa@example.com');
  fill('Phone', '024 123 4567');
  fill('Business name', 'Adwoa Provisions');
  fill('Password', 'Provisions@2026');
  fill('Confirm password', 'Provisions@2026');
}

describe('register form', () => {
  it('shows every field message of platform §5 on an empty submit and sends nothing', async () => {
    const api = fakeApi();
    renderPage(<RegisterForm onCreated={() => {}} />, '/signup');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Business name must be at least 2 characters',
      'Password must be at least 8 characters',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(api.calls).toHaveLength(0);
  });

  it("says passwords don't match", async () => {
    renderPage(<RegisterForm onCreated={() => {}} />, '/signup');
    fillValid();
    fill('Confirm password', 'Something-else-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
  });

  it('shows a taken business name under its field', async () => {
    const message = 'A business with this name already exists. Try another name.';
    fakeApi({
      [SIGN_UP]: () => errorResponse(400, 'ACCOUNTS_BUSINESS_NAME_TAKEN', message, { businessName: message }),
    });
    renderPage(<RegisterForm onCreated={() => {}} />, '/signup');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Business name').getAttribute('aria-invalid')).toBe('true');
  });

  it("goes to the new business's dashboard about a second after sign-up", async () => {
    fakeApi({
      [SIGN_UP]: () =>
        jsonResponse(201, {
          business: { slug: 'adwoa-provisions', name: 'Adwoa Provisions' },
          handoff_token: null,
        }),
    });
    const onCreated = vi.fn();
    renderPage(<RegisterForm onCreated={onCreated} />, '/signup');
    fillValid();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Create account/ }).hasAttribute('disabled')).toBe(true),
    );
    expect(onCreated).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onCreated).toHaveBeenCalledWith(
      expect.stringMatching(/\/app\/dashboard\?business=adwoa-provisions$/),
    );
  });
});
