import { Link } from 'react-router';
import { PRODUCT_NAME } from '#web/lib/product.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RegisterForm } from '../components/register-form.tsx';

/** Sign-up from the public site: a new business with its owner, then off to the business's own address. */
export function SignUpPage() {
  return (
    <AuthCard
      heading={`Start with ${PRODUCT_NAME}`}
      subheading="Create a new business account"
      footer={
        <p className="text-muted-foreground">
          Already have a business?{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Access your business
          </Link>
        </p>
      }
    >
      <RegisterForm onCreated={(url) => window.location.assign(url)} />
    </AuthCard>
  );
}
