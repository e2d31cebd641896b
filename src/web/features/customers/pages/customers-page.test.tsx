import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '#domain/schemas/customers.ts';
import { jsonResponse } from '#web/testing/render.tsx';
import { CustomersPage } from './customers-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const efua: Customer = {
  id: '9a1d7c2e-3b4f-4c5d-8e6f-7a8b9c0d1e2f',
  name: 'Efua Mensah',
  phone: '+233 24 123 4567',
  email: 'efua@example.com',
  loyalty_points: 42,
  total_spent: 125_050,
  visit_count: 7,
  last_visit: '2025-03-01T10:00:00Z',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-03-01T10:00:00Z',
};

function fakeApi(overrides: Record<string, () => Response> = {}) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const url = new URL(path, 'http://localhost');
      calls.push({ url, init });
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      if (overrides[key]) return overrides[key]();
      if (key === 'GET /api/v1/customers') return jsonResponse(200, { customers: [efua], total: 1 });
      if (key === 'GET /api/v1/customers/summary') {
        return jsonResponse(200, {
          total_customers: 1,
          active_customers: 1,
          total_spent: 125_050,
          loyalty_points: 42,
        });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: key } });
    }),
  );
  return calls;
}

function renderCustomers(path = '/app/customers') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/app/customers', element: <CustomersPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('customer screen', () => {
  it('shows 6 skeletons, then cards with every stat, and the four cards', async () => {
    fakeApi();
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
    const calls = fakeApi();
    const router = renderCustomers('/app/customers?search=efua');
    await screen.findByTestId('customer-card');
    expect(calls.find((c) => c.url.pathname === '/api/v1/customers')?.url.searchParams.get('search')).toBe(
      'efua',
    );
    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: '0241' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=0241'));
  });

  it('shows "No customers found" and "Error Loading Customers"', async () => {
    fakeApi({ 'GET /api/v1/customers': () => jsonResponse(200, { customers: [], total: 0 }) });
    renderCustomers();
    expect(await screen.findByText('No customers found')).toBeTruthy();
    cleanup();
    fakeApi({
      'GET /api/v1/customers': () => jsonResponse(500, { error: { code: 'X', message: 'Server down' } }),
    });
    renderCustomers();
    expect(await screen.findByText('Error Loading Customers')).toBeTruthy();
    expect(screen.getByText('Server down')).toBeTruthy();
  });

  it('requires a name, leaves an empty phone and email out, and has a +233 placeholder', async () => {
    const calls = fakeApi({
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
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.init?.method === 'POST')?.init?.body))).toEqual({
      name: 'Kojo',
    });
  });

  it('shows a duplicate phone from the server under the phone field', async () => {
    const message = 'This phone number already belongs to Efua Mensah';
    fakeApi({
      'POST /api/v1/customers': () =>
        jsonResponse(409, { error: { code: 'PHONE_TAKEN', message, fields: { phone: message } } }),
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
    fakeApi();
    renderCustomers();
    await screen.findByTestId('customer-card');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Efua Mensah' }));
    expect(await screen.findByText('Are you sure you want to delete "Efua Mensah"?')).toBeTruthy();
  });
});
