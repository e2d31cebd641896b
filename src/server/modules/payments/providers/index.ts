import type { ProviderContext } from './context.ts';
import { manualProvider } from './manual.ts';
import { paystackProvider } from './paystack.ts';
import { sandboxProvider } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';

export type { PaymentSettingsRow, ProviderContext } from './context.ts';
export * from './types.ts';

/** The business's provider, as its settings choose (operations §7: one provider abstraction per business). */
export function createProvider(context: ProviderContext, name = context.settings.provider): PaymentProvider {
  switch (name) {
    case 'paystack':
      return paystackProvider(context);
    case 'manual':
      return manualProvider(context);
    case 'sandbox':
      return sandboxProvider(context);
  }
}
