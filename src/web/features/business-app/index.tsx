import { Navigate, Route, Routes } from 'react-router';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { BrandLogo } from '#web/components/brand-mark.tsx';

/** The business app of one shop (platform §2 "Business app"); loaded as its own chunk. */
export function BusinessApp({ business }: { business: PublicBusiness }) {
  return (
    <Routes>
      <Route path="app/auth" element={<AuthPage business={business} />} />
      <Route path="app/dashboard" element={<Navigate to="/app/auth" replace />} />
      <Route path="*" element={<Navigate to="/app/dashboard" replace />} />
    </Routes>
  );
}

function AuthPage({ business }: { business: PublicBusiness }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6">
      <BrandLogo className="size-12" />
      <h1 className="text-center font-semibold text-2xl">{business.name}</h1>
    </main>
  );
}
