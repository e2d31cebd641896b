import { CustomersPage } from './pages/customers-page.tsx';

/** /app/customers (manage_customers). */
export default CustomersPage;
