import { Navigate, Route, Routes } from 'react-router';
import { PublicLayout } from './components/public-layout.tsx';
import { BusinessAccessPage } from './pages/business-access-page.tsx';
import { ContactPage } from './pages/contact-page.tsx';
import { LandingPage } from './pages/landing-page.tsx';

/** The public site (platform §2 "Public site"); any path it does not know goes back to the landing page. */
export function PublicSite() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="login" element={<BusinessAccessPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
