import { deferredDialog } from '#web/lib/load-on-use.tsx';

// The till's dialogs and sheets load once the till is on screen, while the cashier rings up the first items,
// instead of before the till can sell: a phone on 3G downloads less first. The grid, the search, the cart and
// its Charge button are all that selling needs on screen.

export const PaymentDialog = deferredDialog(
  () => import('./payment-dialog.tsx').then((module) => module.PaymentDialog),
  (props) => props.open,
);

export const ReceiptDialog = deferredDialog(
  () => import('#web/components/receipt/receipt-dialog.tsx').then((module) => module.ReceiptDialog),
  (props) => props.sale !== null,
);

export const RefundDialog = deferredDialog(
  () => import('#web/components/sale-reversal/refund-dialog.tsx').then((module) => module.RefundDialog),
  (props) => props.sale !== null,
);

export const VoidDialog = deferredDialog(
  () => import('#web/components/sale-reversal/void-dialog.tsx').then((module) => module.VoidDialog),
  (props) => props.sale !== null,
);

export const CartSheet = deferredDialog(
  () => import('./cart-sheet.tsx').then((module) => module.CartSheet),
  (props) => props.open,
);

export const CustomerSearchDialog = deferredDialog(
  () => import('./customer-search-dialog.tsx').then((module) => module.CustomerSearchDialog),
  (props) => props.open,
);

export const ScannerDialog = deferredDialog(
  () => import('./scanner-dialog.tsx').then((module) => module.ScannerDialog),
  (props) => props.open,
);

export const QuickAddDialog = deferredDialog(
  () => import('./quick-add-dialog.tsx').then((module) => module.QuickAddDialog),
  (props) => props.code !== null,
);

export const ParkSaleDialog = deferredDialog(
  () => import('./park-sale-dialog.tsx').then((module) => module.ParkSaleDialog),
  (props) => props.open,
);

export const ParkedSalesSheet = deferredDialog(
  () => import('./parked-sales-sheet.tsx').then((module) => module.ParkedSalesSheet),
  (props) => props.open,
);

export const RecentSalesSheet = deferredDialog(
  () => import('./recent-sales-sheet.tsx').then((module) => module.RecentSalesSheet),
  (props) => props.open,
);

export const PairDisplayDialog = deferredDialog(
  () => import('./pair-display-dialog.tsx').then((module) => module.PairDisplayDialog),
  (props) => props.open,
);
