import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { type OnboardingStart, onboardingStart } from '#domain/schemas/onboarding.ts';
import { BusinessProvider } from '#web/lib/business-context.tsx';
import { errorResponse, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { businessFixture } from '#web/testing/fixtures.ts';
import { createTestQueryClient } from '#web/testing/render.tsx';
import { OnboardingPage } from './onboarding-page.tsx';

// jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const business = {
  ...businessFixture({ name: 'Makola Fabrics', slug: 'makola-fabrics' }),
  // What the onboarding answer adds to the public profile (GET /api/v1/onboarding).
  id: '7d4f5c62-0b5e-4a53-9b6e-2f1f8d7c9a10',
  address: 'Makola Market, Accra',
  phone: '0244111222',
  email: 'esi@makola.test',
};

const START = 'GET /api/v1/onboarding';
const COMPLETE = 'POST /api/v1/onboarding';

function startData(overrides: Partial<OnboardingStart['business']> = {}): OnboardingStart {
  return onboardingStart.parse({
    business: {
      id: business.id,
      name: business.name,
      slug: business.slug,
      email: business.email,
      phone: business.phone,
      address: business.address,
      contact_person: 'Esi Makola',
      business_description: null,
      business_type: null,
      operating_hours: null,
      logo_url: null,
      tax_id: null,
      receipt_footer: null,
      currency: 'GHS',
      timezone: 'Africa/Accra',
      pos_features: ['inventory_management', 'customer_management'],
      ...overrides,
    },
    invitation: { sent_to: 'esi@makola.test', expires_at: '2030-01-08T00:00:00.000Z' },
  });
}

function renderWizard(shop: PublicBusiness = business) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/app/onboarding', element: <OnboardingPage /> },
      { path: '/app/auth', element: <p>Sign-in page</p> },
      { path: '/app/dashboard', element: <p>Dashboard page</p> },
    ],
    { initialEntries: ['/app/onboarding?invite=tok-123'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessProvider business={shop}>
        <RouterProvider router={router} />
      </BusinessProvider>
    </QueryClientProvider>,
  );
  return router;
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('onboarding wizard', () => {
  it('walks the three steps with validation per step and submits only from step 3', async () => {
    const api = fakeApi({
      [START]: () => startData({ business_type: 'Clothing Store' }),
      [COMPLETE]: () =>
        jsonResponse(201, {
          user: {
            id: 'a0000000-0000-4000-8000-0000000000e1',
            email: 'esi@makola.test',
            full_name: 'Esi Makola',
            role: 'owner',
          },
          redirect_to: '/app/dashboard',
        }),
    });
    const router = renderWizard();

    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    expect(api.calls[0]!.url.search).toBe('?invite=tok-123');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    click('Next');
    expect(await screen.findByText('Business description is required')).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();

    fill('Business description', 'Kente, wax prints and tailoring.');
    click('Next');
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Owner full name') as HTMLInputElement).value).toBe('Esi Makola');
    expect((screen.getByLabelText('Owner email') as HTMLInputElement).value).toBe('esi@makola.test');

    fill('Password', '12345');
    fill('Confirm password', '12345');
    click('Next');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    fill('Password', 'akwaaba-2026');
    fill('Confirm password', 'akwaaba-2025');
    click('Next');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();

    // Previous keeps what was typed.
    click('Previous');
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Business description') as HTMLTextAreaElement).value).toBe(
      'Kente, wax prints and tailoring.',
    );
    click('Next');
    await screen.findByText('Step 2 of 3');
    fill('Confirm password', 'akwaaba-2026');
    click('Next');
    expect(await screen.findByText('Step 3 of 3')).toBeTruthy();
    expect(api.calls).toHaveLength(1);

    // §9 defaults are ticked.
    expect(screen.getByRole('checkbox', { name: 'Inventory management' }).getAttribute('data-state')).toBe(
      'checked',
    );
    expect(screen.getByRole('checkbox', { name: 'Customer management' }).getAttribute('data-state')).toBe(
      'checked',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mobile money payments' }));
    fill(/Tax ID/, 'C0012345678');
    click('Complete setup');

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
    expect(api.callsTo(COMPLETE)[0]!.body).toMatchObject({
      invite: 'tok-123',
      business_description: 'Kente, wax prints and tailoring.',
      business_type: 'Clothing Store',
      owner_full_name: 'Esi Makola',
      owner_email: 'esi@makola.test',
      password: 'akwaaba-2026',
      confirm_password: 'akwaaba-2026',
      currency: 'GHS',
      timezone: 'Africa/Accra',
      pos_features: ['inventory_management', 'customer_management', 'mobile_payments'],
      tax_id: 'C0012345678',
    });
  });

  it('asks for the business type when none is known', async () => {
    fakeApi({ [START]: () => startData() });
    renderWizard();
    await screen.findByText('Step 1 of 3');
    fill('Business description', 'Fresh produce.');
    click('Next');
    expect(await screen.findByText('Business type is required')).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  });

  it('shows a failure of the submission at the top of the wizard', async () => {
    fakeApi({
      [START]: () => startData({ business_type: 'Pharmacy', business_description: 'Medicines' }),
      [COMPLETE]: () =>
        errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'),
    });
    renderWizard();
    await screen.findByText('Step 1 of 3');
    click('Next');
    await screen.findByText('Step 2 of 3');
    fill('Password', 'akwaaba-2026');
    fill('Confirm password', 'akwaaba-2026');
    click('Next');
    await screen.findByText('Step 3 of 3');
    click('Complete setup');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to complete onboarding');
    expect(alert.textContent).toContain('Something went wrong on our side. Please try again.');
  });

  it('says Business Not Found for an inactive business, without asking the server', async () => {
    const api = fakeApi();
    renderWizard({ ...business, is_active: false });
    expect(await screen.findByRole('heading', { name: 'Business Not Found' })).toBeTruthy();
    expect(
      screen.getByText("The business you're trying to access doesn't exist or is not active."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the visitor to sign-in when the business already has an owner', async () => {
    fakeApi({
      [START]: () =>
        errorResponse(409, 'ALREADY_ONBOARDED', 'This business has already been set up. Please sign in.'),
    });
    const router = renderWizard();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/auth'));
  });

  it('explains an invalid invitation link', async () => {
    fakeApi({
      [START]: () => errorResponse(403, 'INVITATION_INVALID', 'This invitation link is not valid.'),
    });
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Invitation not valid' })).toBeTruthy();
    expect(screen.getByText('This invitation link is not valid.')).toBeTruthy();
  });
});
