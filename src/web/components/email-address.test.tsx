import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.tsx';

afterEach(cleanup);

describe('EmailAddress', () => {
  it('offers a break before the @ and before each dot of the domain, and reads as the whole address', () => {
    const { container } = render(<EmailAddress email="ama.owusu@demo.akwaaba.shop" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('ama.owusu@demo.akwaaba.shop');
    expect(span.innerHTML).toBe('ama.owusu<wbr>@demo<wbr>.akwaaba<wbr>.shop');
  });

  it('leaves a text without an @ whole', () => {
    const { container } = render(<EmailAddress email="not-an-address" />);
    expect(container.firstElementChild?.innerHTML).toBe('not-an-address');
  });
});
