import { EmployeesPage } from './pages/employees-page.tsx';

/** /app/employees (manage_users; owners and managers). */
export default EmployeesPage;
