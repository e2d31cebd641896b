// Sign-in, sign-up and password reset screens (platform §2 "Auth screen"). Composed by the business app
// (/app/auth, /app/reset-password, /app/verify-email) and by the public site's
// router (/signup).

export { AuthPage } from './pages/auth-page.tsx';
export { FirstLoginPage } from './pages/first-login-page.tsx';
export { ResetPasswordPage } from './pages/reset-password-page.tsx';
export { SignUpPage } from './pages/sign-up-page.tsx';
export { VerifyEmailPage } from './pages/verify-email-page.tsx';
