import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { renderPage } from '#web/testing/render.tsx';
import { ContactPage } from './contact-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidForm() {
  fill('Business name', 'Adjoa Provisions');
  fill('Contact person', 'Adjoa Mensah');
  fill('Email', 'adjoa@example.com');
  fill('Phone', '+233 24 123 4567');
}

const CONTACT = 'POST /api/v1/public/contact-requests';
const created = () =>
  jsonResponse(201, { contact_request: { id: 'c1', created_at: '2025-01-01T00:00:00Z' } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

describe('contact page', () => {
  it('shows the required messages under each field on an empty submit and sends nothing', async () => {
    const api = fakeApi();
    renderPage(<ContactPage />, '/contact');

    submit();

    expect(await screen.findByText('Business name is required')).toBeTruthy();
    expect(screen.getByText('Contact person is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Phone is required')).toBeTruthy();
    const businessName = screen.getByLabelText('Business name');
    expect(businessName.getAttribute('aria-invalid')).toBe('true');
    expect(businessName.getAttribute('aria-describedby')).toBe('business_name-error');
    expect(screen.getByLabelText(/Message/).getAttribute('aria-invalid')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the request and shows the thank-you, whose OK returns to the landing page', async () => {
    const api = fakeApi({ [CONTACT]: created });
    const { router } = renderPage(<ContactPage />, '/contact');

    fillValidForm();
    submit();

    expect(await screen.findByText(/will contact you within 24 hours/)).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(api.callsTo(CONTACT)[0]!.body).toEqual({
      business_name: 'Adjoa Provisions',
      contact_person: 'Adjoa Mensah',
      email: 'adjoa@example.com',
      phone: '+233 24 123 4567',
      message: '',
    });

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('disables the button while sending, so a double click sends once', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({ [CONTACT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage(<ContactPage />, '/contact');

    fillValidForm();
    submit();
    const busy = await screen.findByRole('button', { name: /Sending/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy);
    answer(created());

    expect(await screen.findByText('Thank you!')).toBeTruthy();
    expect(api.callsTo(CONTACT)).toHaveLength(1);
  });

  it('shows the messages the server gives for refused fields under those fields', async () => {
    fakeApi({
      [CONTACT]: () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Invalid input', { phone: 'Phone number is not reachable' }),
    });
    renderPage(<ContactPage />, '/contact');

    fillValidForm();
    submit();

    expect(await screen.findByText('Phone number is not reachable')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Thank you!')).toBeNull();
  });

  it('says the request was not sent when the network fails', async () => {
    fakeApi({
      [CONTACT]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(<ContactPage />, '/contact');

    fillValidForm();
    submit();

    expect(await screen.findByText('Your request was not sent')).toBeTruthy();
    expect(screen.getByText('Network error. Check your connection and try again.')).toBeTruthy();
  });
});
