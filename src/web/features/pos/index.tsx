import { TillPage } from './components/till-page.tsx';
import { CartProvider } from './hooks/use-cart.tsx';

/**
 * /app/pos (operations §2). The route shows this version 1 till for both interface versions until the
 * version 2 dual-screen terminal exists.
 */
export default function PosPage() {
  return (
    <CartProvider>
      <TillPage />
    </CartProvider>
  );
}
