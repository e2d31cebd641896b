import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { InterfaceVersionProvider } from '#web/lib/interface-version.tsx';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { VersionSwitch } from './version-switch.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <VersionSwitch /> }], { initialEntries: [path] });
  return render(
    <InterfaceVersionProvider>
      <RouterProvider router={router} />
    </InterfaceVersionProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('interface version switch (platform §2)', () => {
  it('starts on V1 - Current and toggles to V2 - Dual Screen, remembering the choice', () => {
    renderAt('/');
    const toggle = screen.getByRole('switch', { name: 'V1 - Current' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);

    expect(screen.getByRole('switch', { name: 'V2 - Dual Screen' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(localStorage.getItem(STORAGE_KEYS.interfaceVersion)).toBe('v2');
  });

  it('starts from a stored v2 and ignores anything else stored', () => {
    localStorage.setItem(STORAGE_KEYS.interfaceVersion, 'v2');
    renderAt('/app/pos');
    expect(screen.getByRole('switch', { name: 'V2 - Dual Screen' })).toBeTruthy();
    cleanup();

    localStorage.setItem(STORAGE_KEYS.interfaceVersion, 'dual');
    renderAt('/');
    expect(screen.getByRole('switch', { name: 'V1 - Current' })).toBeTruthy();
  });

  it('is not shown in the admin area', () => {
    renderAt('/admin/login');
    expect(screen.queryByRole('switch')).toBeNull();
    cleanup();
    renderAt('/admin-allowed');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
