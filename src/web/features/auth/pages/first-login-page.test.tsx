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

describe('first login', () => {
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
      'GET /api/v1/session': () => ({ me: meFixture('cashier') }),
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
