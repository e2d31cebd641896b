import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '#web/testing/render.tsx';
import { BusinessAccessPage } from './business-access-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Routes = { showcase?: Response; lookup?: Response | Error };

/** A fetch that answers the showcase and the lookup, and records every URL asked for. */
function stubApi({ showcase = jsonResponse(200, { businesses: [] }), lookup }: Routes) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/v1/public/showcase') return showcase.clone();
    if (url.startsWith('/api/v1/public/business-lookup')) {
      if (!lookup) throw new Error(`unexpected lookup ${url}`);
      if (lookup instanceof Error) throw lookup;
      return lookup.clone();
    }
    throw new Error(`unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const lookups = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes('business-lookup'));

describe('business access page', () => {
  it('asks for a business name when the field is empty and looks nothing up', async () => {
    const fetchMock = stubApi({});
    renderPage(<BusinessAccessPage />, '/login');

    fireEvent.click(screen.getByRole('button', { name: 'Access business' }));

    expect(await screen.findByText('Please enter your business name')).toBeTruthy();
    expect(lookups(fetchMock)).toEqual([]);
  });

  it('says it cannot access the business when the lookup finds nothing', async () => {
    const notFound = {
      error: { code: 'BUSINESS_NOT_FOUND', message: 'Business with slug "nope" not found' },
    };
    const fetchMock = stubApi({ lookup: jsonResponse(404, notFound) });
    renderPage(<BusinessAccessPage />, '/login');

    fireEvent.change(screen.getByLabelText('Business name or slug'), { target: { value: 'No Such Shop!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access business' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Unable to access business. Please check the business name and try again.',
    );
    expect(lookups(fetchMock)).toEqual(['/api/v1/public/business-lookup?q=No%20Such%20Shop!']);
  });

  it('shows the same message when the server cannot be reached', async () => {
    stubApi({ lookup: new TypeError('Failed to fetch') });
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
    stubApi({ showcase: jsonResponse(200, { businesses }) });
    renderPage(<BusinessAccessPage />, '/login');

    expect(await screen.findByRole('button', { name: /demo shop/ })).toBeTruthy();
    expect(screen.getByText('Grocery store')).toBeTruthy();
    expect(screen.getByRole('button', { name: /yaw shop/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /esi shop/ })).toBeNull();
  });

  it('leaves the sample section out when there are none', async () => {
    const fetchMock = stubApi({});
    renderPage(<BusinessAccessPage />, '/login');

    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/v1/public/showcase', expect.anything()),
    );
    await vi.waitFor(() => expect(screen.queryByText('Or try a sample business')).toBeNull());
  });
});
