// Business onboarding (/app/onboarding): reached from the invitation email, before anyone can sign in.
export { OnboardingPage as default } from './pages/onboarding-page.tsx';
