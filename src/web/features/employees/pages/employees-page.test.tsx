import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Employee, employee as employeeSchema, type PinIssued } from '#domain/schemas/employees.ts';
import { errorResponse, type FakeHandler, fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { EmployeesPage } from './employees-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

let n = 0;
function employeeFixture(overrides: Partial<Employee> = {}): Employee {
  n++;
  return employeeSchema.parse({
    id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `person${n}@example.com`,
    first_name: 'Kojo',
    last_name: `Person${n}`,
    phone: null,
    role: 'cashier',
    is_active: true,
    is_first_login: false,
    pin_status: 'own',
    pin_expires_at: null,
    last_login_at: '2026-11-20T09:00:00.000Z',
    created_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  });
}

const kwesi = employeeFixture({ first_name: 'Kwesi', last_name: 'Appiah', role: 'manager' });
const abena = employeeFixture({
  first_name: 'Abena',
  last_name: 'Osei',
  is_first_login: true,
  pin_status: 'active',
  pin_expires_at: '2099-01-01T10:00:00.000Z',
  last_login_at: null,
});
const yaw = employeeFixture({
  first_name: 'Yaw',
  last_name: 'Darko',
  is_first_login: true,
  pin_status: 'expired',
  pin_expires_at: '2020-01-01T10:00:00.000Z',
  last_login_at: null,
});

function employeesApi(overrides: Record<string, FakeHandler> = {}, role: 'owner' | 'manager' = 'owner') {
  return fakeApi({
    'GET /api/v1/session': () => ({ me: meFixture(role) }),
    'GET /api/v1/employees': () => ({ active: [kwesi], pending: [abena, yaw] }),
    'GET /api/v1/till-devices': () => ({ devices: [] }),
    ...overrides,
  });
}

const issued = (person: Employee, sent: boolean): PinIssued => ({
  employee: person,
  generated_pin: '482913',
  pin_expires_at: person.pin_expires_at ?? '2099-01-01T10:00:00.000Z',
  email_sent: sent,
  email_error: sent ? null : 'Email service error: connection refused',
});

describe('employee management', () => {
  it('shows both tabs with their counts, the pending count in the title and the columns of each', async () => {
    employeesApi();
    renderPage(<EmployeesPage />, '/app/employees');
    expect(await screen.findByRole('tab', { name: 'Active Employees (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending Setup (2)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Employee Management/ }).textContent).toContain('2 pending');
    const active = within(screen.getByRole('table', { name: 'Active employees' }));
    for (const column of ['Name', 'Email', 'Role', 'Status', 'PIN Status', 'First Login', 'Actions']) {
      expect(active.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(active.getByText('Kwesi Appiah')).toBeTruthy();
    expect(active.getAllByText('Manager').length).toBeGreaterThan(0);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pending Setup (2)' }));
    const pending = within(await screen.findByRole('table', { name: 'Pending employees' }));
    for (const column of ['Name', 'Email', 'Role', 'PIN', 'Created', 'Actions']) {
      expect(pending.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(pending.getByText(/^Active · until/)).toBeTruthy();
    expect(pending.getByText(/^Expired ·/)).toBeTruthy();
    // A PIN issued before this page opened is not known here: dots, and no reveal button.
    expect(pending.queryByRole('button', { name: /Show PIN/ })).toBeNull();
  });

  it('keeps Create disabled until email, first and last name are filled, then toasts "sent to"', async () => {
    const newcomer = employeeFixture({
      first_name: 'Esi',
      last_name: 'Boateng',
      email: 'esi@example.com',
      is_first_login: true,
      pin_status: 'active',
      pin_expires_at: '2099-02-01T10:00:00.000Z',
    });
    const api = employeesApi({ 'POST /api/v1/employees': () => issued(newcomer, true) });
    renderPage(<EmployeesPage />, '/app/employees');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Employee' }));
    const form = within(await screen.findByRole('form', { name: 'Add employee' }));
    const create = form.getByRole('button', { name: 'Create Employee' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(form.getByLabelText('Email *'), { target: { value: 'esi@example.com' } });
    fireEvent.change(form.getByLabelText('First name *'), { target: { value: 'Esi' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(form.getByLabelText('Last name *'), { target: { value: 'Boateng' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    await waitFor(() => expect(api.callsTo('POST /api/v1/employees')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/employees')[0]!.body).toEqual({
      email: 'esi@example.com',
      first_name: 'Esi',
      last_name: 'Boateng',
      role: 'cashier',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Employee Created Successfully', {
        description: 'A PIN was sent to esi@example.com.',
      }),
    );
  });

  it('says "generated for" when the mail failed, and reveals the PIN just issued', async () => {
    const regenerated = { ...abena, pin_expires_at: '2099-03-01T10:00:00.000Z' };
    employeesApi({
      [`POST /api/v1/employees/${abena.id}/pin`]: () => issued(regenerated, false),
      'GET /api/v1/employees': () => ({ active: [kwesi], pending: [regenerated, yaw] }),
    });
    renderPage(<EmployeesPage />, '/app/employees');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Pending Setup (2)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Re-send PIN for Abena Osei' }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalled());
    expect(vi.mocked(toast.warning).mock.calls[0]![0]).toBe('PIN Regenerated');
    expect(String(vi.mocked(toast.warning).mock.calls[0]![1]?.description)).toContain(
      'A PIN was generated for Abena Osei',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show PIN of Abena Osei' }));
    expect(screen.getByText('482913')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide PIN of Abena Osei' }));
    expect(screen.queryByText('482913')).toBeNull();
  });

  it('shows a refused action in red under the table', async () => {
    employeesApi({
      [`POST /api/v1/employees/${kwesi.id}/deactivate`]: () =>
        errorResponse(
          409,
          'EMPLOYEE_LAST_OWNER',
          'You cannot deactivate the last active owner. Make another employee an owner first.',
        ),
    });
    renderPage(<EmployeesPage />, '/app/employees');
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Actions for Kwesi Appiah' }), {
      key: 'Enter',
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const error = await screen.findByTestId('employee-action-error');
    expect(error.textContent).toBe(
      'You cannot deactivate the last active owner. Make another employee an owner first.',
    );
    expect(toast.error).toHaveBeenCalledWith('Failed to Deactivate Employee', expect.anything());
  });

  it('does not offer a manager the owner role', async () => {
    // jsdom lacks what the role menu calls when it opens.
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    employeesApi({}, 'manager');
    renderPage(<EmployeesPage />, '/app/employees');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Employee' }));
    const form = within(await screen.findByRole('form', { name: 'Add employee' }));
    fireEvent.click(form.getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'Manager' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Owner' })).toBeNull();
  });
});
