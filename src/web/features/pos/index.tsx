import { useInterfaceVersion } from '#web/lib/interface-version.tsx';
import { TillPage } from './components/till-page.tsx';
import { CartProvider } from './hooks/use-cart.tsx';

/**
 * /app/pos (operations §2): the version 1 till, or the version 2 dual-screen terminal when the interface
 * version is v2. One cart store behind both, so switching versions keeps the cart.
 */
export default function PosPage() {
  const { version } = useInterfaceVersion();
  return (
    <CartProvider>
      <TillPage key={version} version={version} />
    </CartProvider>
  );
}
