import { TransactionsPage } from './pages/transactions-page.tsx';

// Transaction history with refunds and voids (operations §2 Transactions, §4).
export default TransactionsPage;
