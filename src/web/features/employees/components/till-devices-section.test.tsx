import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TillDevice } from '#domain/schemas/employees.ts';
import { errorResponse, fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { TillDevicesSection } from './till-devices-section.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const device = (overrides: Partial<TillDevice> = {}): TillDevice => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'Front counter',
  trusted_by_name: 'Akosua Owusu',
  user_agent: null,
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  is_this_device: false,
  ...overrides,
});

describe('till devices', () => {
  it('trusts this browser by name after a password sign-in, and lists and revokes tills', async () => {
    let devices = [device()];
    const api = fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('manager') }),
      'GET /api/v1/till-devices': () => ({ devices }),
      'POST /api/v1/till-devices': () => {
        devices = [
          device({ id: 'd0000000-0000-4000-8000-000000000002', name: 'Back office', is_this_device: true }),
          ...devices,
        ];
        return { device: devices[0] };
      },
      [`DELETE /api/v1/till-devices/${device().id}`]: () => {
        devices = devices.map((d) =>
          d.name === 'Front counter' ? { ...d, revoked_at: '2026-11-23T10:00:00.000Z' } : d,
        );
        return { device: devices[1] };
      },
    });
    renderInBusiness(<TillDevicesSection />);
    const trust = (await screen.findByRole('button', {
      name: 'Trust this device as a till',
    })) as HTMLButtonElement;
    expect(trust.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name of this till'), { target: { value: 'Back office' } });
    fireEvent.click(trust);
    await screen.findByText('This device is a till:');
    expect(api.callsTo('POST /api/v1/till-devices')[0]!.body).toEqual({ name: 'Back office' });

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Front counter' }));
    const table = within(screen.getByRole('table', { name: 'Till devices' }));
    // The status shows in its column and, for phones, under the name.
    await waitFor(() => expect(table.getAllByText('Revoked')).toHaveLength(2));
  });

  it('asks a person signed in with a PIN to use their password instead', async () => {
    fakeApi({
      'GET /api/v1/session': () => ({
        me: meFixture('manager', {
          session: {
            id: 'c0000000-0000-4000-8000-000000000001',
            auth_method: 'pin',
            expires_at: '2099-01-01T00:00:00.000Z',
          },
        }),
      }),
      'GET /api/v1/till-devices': () => ({ devices: [] }),
    });
    renderInBusiness(<TillDevicesSection />);
    expect(await screen.findByText(/sign in here with your email and password \(not a PIN\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Trust this device as a till' })).toBeNull();
    expect(screen.getByText('No till devices yet.')).toBeTruthy();
  });

  it('shows a failed read as an error', async () => {
    fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('owner') }),
      'GET /api/v1/till-devices': () => errorResponse(500, 'INTERNAL', 'Something went wrong'),
    });
    renderInBusiness(<TillDevicesSection />);
    expect(await screen.findByText('Error Loading Till Devices')).toBeTruthy();
  });
});
