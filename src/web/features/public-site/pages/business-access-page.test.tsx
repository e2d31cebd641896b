import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, type FakeApi, type FakeHandler, fakeApi } from '#web/testing/fake-api.ts';
import { renderPage } from '#web/testing/render.tsx';
import { BusinessAccessPage } from './business-access-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Routes = { showcase?: () => unknown; lookup?: FakeHandler };

const LOOKUP = 'GET /api/v1/public/business-lookup';

/** The showcase (empty unless given) and, when given, the lookup; anything else is a 404. */
function stubApi({ showcase = () => ({ businesses: [] }), lookup }: Routes) {
  return fakeApi({ 'GET /api/v1/public/showcase': showcase, ...(lookup ? { [LOOKUP]: lookup } : {}) });
}

const lookups = (api: FakeApi) => api.callsTo(LOOKUP).map(({ url }) => `${url.pathname}${url.search}`);

describe('business access page', () => {
  it('asks for a business name when the field is empty and looks nothing up', async () => {
    const api = stubApi({});
    renderPage(<BusinessAccessPage />, '/login');

    fireEvent.click(screen.getByRole('button', { name: 'Access business' }));

    expect(await screen.findByText('Please enter your business name')).toBeTruthy();
    expect(lookups(api)).toEqual([]);
  });

  it('says it cannot access the business when the lookup finds nothing', async () => {
    const api = stubApi({
      lookup: () => errorResponse(404, 'BUSINESS_NOT_FOUND', 'Business with slug "nope" not found'),
    });
    renderPage(<BusinessAccessPage />, '/login');

    fireEvent.change(screen.getByLabelText('Business name or slug'), { target: { value: 'No Such Shop!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access business' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Unable to access business. Please check the business name and try again.',
    );
    expect(lookups(api)).toEqual(['/api/v1/public/business-lookup?q=No%20Such%20Shop!']);
  });

  it('shows the same message when the server cannot be reached', async () => {
    stubApi({
      lookup: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(<BusinessAccessPage />, '/login');

    fireEvent.change(screen.getByLabelText('Business name or slug'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access business' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to access business. Please check the business name and try again.',
    );
  });

  it('offers up to four sample businesses from the showcase', async () => {
    const businesses = ['demo', 'kofi', 'ama', 'yaw', 'esi'].map((slug) => ({
      slug,
      name: `${slug} shop`,
      business_type: slug === 'demo' ? 'grocery_store' : null,
    }));
    stubApi({ showcase: () => ({ businesses }) });
    renderPage(<BusinessAccessPage />, '/login');

    expect(await screen.findByRole('button', { name: /demo shop/ })).toBeTruthy();
    expect(screen.getByText('Grocery store')).toBeTruthy();
    expect(screen.getByRole('button', { name: /yaw shop/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /esi shop/ })).toBeNull();
  });

  it('leaves the sample section out when there are none', async () => {
    const api = stubApi({});
    renderPage(<BusinessAccessPage />, '/login');

    await vi.waitFor(() => expect(api.callsTo('GET /api/v1/public/showcase')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText('Or try a sample business')).toBeNull());
  });
});
