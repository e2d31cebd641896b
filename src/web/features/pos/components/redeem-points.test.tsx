import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#web/testing/fake-api.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { RedeemPoints } from './redeem-points.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ama = { id: '9d1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Ama Owusu' };

function loyaltyApi(balance: number, isEnabled = true) {
  return fakeApi({
    [`GET /api/v1/customers/${ama.id}/loyalty`]: () => ({
      balance,
      settings: { is_enabled: isEnabled, points_per_cedi: 1, points_per_cedi_redeemed: 100 },
      entries: [],
    }),
  });
}

function Harness({ payable }: { payable: number }) {
  const [redeemed, setRedeemed] = useState(0);
  return <RedeemPoints customer={ama} payable={payable} redeemed={redeemed} onChange={setRedeemed} />;
}

describe('Redeem points at the till', () => {
  it('offers the most the sale allows, refuses more than the balance, and applies a valid number', async () => {
    loyaltyApi(800);
    renderInBusiness(<Harness payable={5000} />);
    expect(await screen.findByText(/has/)).toBeTruthy();
    expect(screen.getByText('800 points')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeem points' }));
    const input = screen.getByLabelText('Points to redeem') as HTMLInputElement;
    expect(input.value).toBe('800');
    fireEvent.change(input, { target: { value: '900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    expect(screen.getByRole('alert').textContent).toBe('The customer has only 800 points');
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    expect(screen.getByText(/250 points redeemed/).textContent).toContain('-₵2.50');
    fireEvent.click(screen.getByRole('button', { name: 'Remove points' }));
    expect(screen.getByRole('button', { name: 'Redeem points' })).toBeTruthy();
  });

  it('stops at what the sale can take off', async () => {
    loyaltyApi(10_000);
    renderInBusiness(<Harness payable={1250} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem points' }));
    expect((screen.getByLabelText('Points to redeem') as HTMLInputElement).value).toBe('1250');
  });

  it('shows nothing while the program is off', async () => {
    const api = loyaltyApi(800, false);
    renderInBusiness(<Harness payable={5000} />);
    await vi.waitFor(() => expect(api.callsTo(`GET /api/v1/customers/${ama.id}/loyalty`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Redeem points' })).toBeNull();
  });
});
