import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { errorResponse, fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { FirstLoginPage } from './first-login-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const DUE = { due: true, issued_pin_expires_at: '2026-11-24T10:00:00.000Z' };

function renderFirstLogin() {
  return renderPage(
    <ThemeProvider>
      <FirstLoginPage />
    </ThemeProvider>,
    '/app/*',
    { initialEntry: '/app/first-login' },
  );
}

describe('first login', () => {
  it('says plainly that no PIN is to be chosen when none is due, with a way to the till', async () => {
    const api = fakeApi({ 'GET /api/v1/session': () => ({ me: meFixture('cashier') }) });
    renderFirstLogin();
    expect(await screen.findByText('No PIN to choose')).toBeTruthy();
    expect(screen.getByText(/nothing to choose here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the till' }).getAttribute('href')).toBe('/app/pos');
    expect(screen.getByRole('link', { name: 'Open My profile' }).getAttribute('href')).toBe('/app/profile');
    expect(screen.queryByLabelText('New PIN')).toBeNull();
    expect(api.callsTo('PUT /api/v1/me/pin')).toHaveLength(0);
  });

  it("says the manager's PIN keeps working until it expires, and lets the person choose later", async () => {
    fakeApi({ 'GET /api/v1/session': () => ({ me: meFixture('cashier', { pin_choice: DUE }) }) });
    const { router } = renderFirstLogin();
    // 10:00 UTC is 10:00 in Accra, the test business's timezone.
    expect(await screen.findByText(/keeps working until Nov 24, 2026, 10:00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Choose later and go to the till' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/pos'));
  });

  it('asks for six digits twice, shows a taken PIN under the field, then saves PIN and password', async () => {
    let answer: () => unknown = () =>
      errorResponse(
        409,
        'ACCOUNTS_PIN_TAKEN',
        'This PIN is already in use in this business. Choose another.',
        {
          pin: 'This PIN is already in use in this business. Choose another.',
        },
      );
    const api = fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('cashier', { pin_choice: DUE }) }),
      'PUT /api/v1/me/pin': () => answer(),
    });
    const { router } = renderPage(
      <ThemeProvider>
        <FirstLoginPage />
      </ThemeProvider>,
      '/app/*',
      { initialEntry: '/app/first-login' },
    );
    expect(await screen.findByText(/Welcome, Ama! Choose your own PIN/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save my PIN' }) as HTMLButtonElement;
    type('New PIN', '12a34567');
    expect((screen.getByLabelText('New PIN') as HTMLInputElement).value).toBe('123456');
    expect(save.disabled).toBe(true);
    type('Confirm PIN', '123457');
    fireEvent.click(save);
    expect(await screen.findByText("PINs don't match")).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/me/pin')).toHaveLength(0);

    type('Confirm PIN', '123456');
    fireEvent.click(save);
    expect(
      (await screen.findAllByText('This PIN is already in use in this business. Choose another.')).length,
    ).toBeGreaterThan(0);

    answer = () => ({ ok: true, has_password: true });
    type('Password(optional)', 'Ama@Till2026');
    fireEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.callsTo('PUT /api/v1/me/pin').at(-1)!.body).toEqual({
      pin: '123456',
      password: 'Ama@Till2026',
    });
  });
});
