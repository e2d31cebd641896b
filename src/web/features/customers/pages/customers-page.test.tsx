import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, type FakeHandler, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { customerFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { CustomersPage } from './customers-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const efua = customerFixture({
  name: 'Efua Mensah',
  phone: '+233 24 123 4567',
  email: 'efua@example.com',
  loyalty_points: 42,
  total_spent: 125_050,
  visit_count: 7,
  last_visit: '2025-03-01T10:00:00Z',
});

/** The customer book's reads, answered with Efua; `overrides` replace single routes. */
function customerApi(overrides: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/v1/customers': () => ({ customers: [efua], total: 1 }),
    'GET /api/v1/customers/summary': () => ({
      total_customers: 1,
      active_customers: 1,
      total_spent: 125_050,
      loyalty_points: 42,
    }),
    ...overrides,
  });
}

function renderCustomers(path = '/app/customers') {
  return renderPage(<CustomersPage />, '/app/customers', { initialEntry: path }).router;
}

describe('customer screen', () => {
  it('shows 6 skeletons, then cards with every stat, and the four cards', async () => {
    customerApi();
    renderCustomers();
    expect(screen.getAllByTestId('customer-skeleton')).toHaveLength(6);
    const card = within(await screen.findByTestId('customer-card'));
    expect(card.getByText('Efua Mensah')).toBeTruthy();
    expect(card.getByText('+233 24 123 4567')).toBeTruthy();
    expect(card.getByText('efua@example.com')).toBeTruthy();
    expect(card.getByText('₵1,250.50')).toBeTruthy();
    expect(card.getByText('7')).toBeTruthy();
    expect(card.getByText('42')).toBeTruthy();
    expect(card.getByText('Last visit: Mar 1, 2025')).toBeTruthy();
    expect(screen.getByText('Total Customers')).toBeTruthy();
    expect(screen.getByText('Active Customers')).toBeTruthy();
    expect(screen.getByText('Loyalty Points')).toBeTruthy();
  });

  it('keeps the search in the address and sends it', async () => {
    const api = customerApi();
    const router = renderCustomers('/app/customers?search=efua');
    await screen.findByTestId('customer-card');
    expect(api.callsTo('GET /api/v1/customers')[0]?.url.searchParams.get('search')).toBe('efua');
    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: '0241' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=0241'));
  });

  it('shows "No customers found" and "Error Loading Customers"', async () => {
    customerApi({ 'GET /api/v1/customers': () => ({ customers: [], total: 0 }) });
    renderCustomers();
    expect(await screen.findByText('No customers found')).toBeTruthy();
    cleanup();
    customerApi({ 'GET /api/v1/customers': () => errorResponse(500, 'X', 'Server down') });
    renderCustomers();
    expect(await screen.findByText('Error Loading Customers')).toBeTruthy();
    expect(screen.getByText('Server down')).toBeTruthy();
  });

  it('requires a name, leaves an empty phone and email out, and has a +233 placeholder', async () => {
    const api = customerApi({
      'POST /api/v1/customers': () => jsonResponse(201, { customer: { ...efua, name: 'Kojo' } }),
    });
    renderCustomers();
    await screen.findByTestId('customer-card');
    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Phone(optional)').getAttribute('placeholder')).toMatch(/^\+233 /);
    fireEvent.click(dialog.getByRole('button', { name: 'Add Customer' }));
    expect(await dialog.findByText('Customer name is required')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Email(optional)'), { target: { value: 'nope' } });
    fireEvent.change(dialog.getByLabelText('Name *'), { target: { value: 'Kojo' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Customer' }));
    expect(await dialog.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Email(optional)'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Customer' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/customers')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/customers')[0]?.body).toEqual({ name: 'Kojo' });
  });

  it('shows a duplicate phone from the server under the phone field', async () => {
    const message = 'This phone number already belongs to Efua Mensah';
    customerApi({
      'POST /api/v1/customers': () => errorResponse(409, 'PHONE_TAKEN', message, { phone: message }),
    });
    renderCustomers();
    await screen.findByTestId('customer-card');
    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Name *'), { target: { value: 'Someone' } });
    fireEvent.change(dialog.getByLabelText('Phone(optional)'), { target: { value: '0241234567' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Customer' }));
    expect(await dialog.findByText(message)).toBeTruthy();
  });

  it('asks before deleting with the spec text', async () => {
    customerApi();
    renderCustomers();
    await screen.findByTestId('customer-card');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Efua Mensah' }));
    expect(await screen.findByText('Are you sure you want to delete "Efua Mensah"?')).toBeTruthy();
  });
});
