import { ShiftsPage } from './pages/shifts-page.tsx';

// Shifts: open and closed, their Z reports, and each cashier's overs and shorts over time.
export default ShiftsPage;
