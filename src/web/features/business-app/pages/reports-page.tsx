import { BarChart3Icon } from 'lucide-react';
import { PhasePage } from '../components/phase-page.tsx';

// platform §2: /app/reports shows 'Reports & Analytics', 'Coming in Phase 6'.
export default function ReportsPage() {
  return <PhasePage icon={BarChart3Icon} title="Reports & Analytics" phase="Coming in Phase 6" />;
}
