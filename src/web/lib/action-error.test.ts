import { describe, expect, it } from 'vitest';
import { actionErrorMessage } from './action-error.ts';
import { ApiError } from './api-client.ts';

describe('actionErrorMessage', () => {
  it('words a refused permission for the action, not for a page', () => {
    const refused = new ApiError(
      403,
      'FORBIDDEN',
      "You don't have the required permissions to access this page.",
    );
    expect(actionErrorMessage(refused, 'add products')).toBe("You don't have permission to add products.");
  });
  it("keeps the server's message for every other failure", () => {
    const taken = new ApiError(409, 'BARCODE_TAKEN', 'A product with this barcode already exists');
    expect(actionErrorMessage(taken, 'add products')).toBe('A product with this barcode already exists');
    const otherRefusal = new ApiError(403, 'INVITATION_INVALID', 'This invitation link is not valid.');
    expect(actionErrorMessage(otherRefusal, 'add products')).toBe('This invitation link is not valid.');
  });
  it('falls back when the failure says nothing', () => {
    expect(actionErrorMessage(new Error(''), 'add products', 'Failed to add product to inventory.')).toBe(
      'Failed to add product to inventory.',
    );
  });
});
