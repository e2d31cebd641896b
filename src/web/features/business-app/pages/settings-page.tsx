import { SettingsIcon } from 'lucide-react';
import { PhasePage } from '../components/phase-page.tsx';

// platform §2: /app/settings shows 'Settings', 'Coming in Phase 5'.
export default function SettingsPage() {
  return <PhasePage icon={SettingsIcon} title="Settings" phase="Coming in Phase 5" />;
}
