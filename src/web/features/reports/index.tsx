import { ReportsPage } from './pages/reports-page.tsx';

// Reports (issue 16): sales summary against the previous period, charts, tables, CSV and a printable summary.
export default ReportsPage;
