import { Link } from 'react-router';
import { BrandName } from '#web/components/brand-mark.tsx';
import {
  OFFICE_ADDRESS,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  SUPPORT_PHONE_HREF,
} from '#web/lib/product.ts';

export function SiteFooter() {
  return (
    <footer className="border-t bg-secondary/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="grid content-start gap-3">
          <BrandName />
          <p className="max-w-xs text-muted-foreground text-sm">
            Sell, track stock and take mobile money in one place. Made in Accra for shops across Ghana.
          </p>
        </div>
        <nav aria-label="Footer" className="grid content-start gap-2 text-sm">
          <h2 className="font-semibold">Product</h2>
          <Link to="/#features" className="text-muted-foreground hover:text-foreground">
            Features
          </Link>
          <Link to="/#pricing" className="text-muted-foreground hover:text-foreground">
            Pricing
          </Link>
          <Link to="/login" className="text-muted-foreground hover:text-foreground">
            Access your business
          </Link>
          <Link to="/contact" className="text-muted-foreground hover:text-foreground">
            Get started
          </Link>
        </nav>
        <address className="grid content-start gap-2 text-sm not-italic">
          <h2 className="font-semibold">Talk to us</h2>
          <a href={SUPPORT_PHONE_HREF} className="text-muted-foreground hover:text-foreground">
            {SUPPORT_PHONE}
          </a>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="text-muted-foreground hover:text-foreground">
            {SUPPORT_EMAIL}
          </a>
          <span className="text-muted-foreground">{OFFICE_ADDRESS}</span>
        </address>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-muted-foreground text-xs sm:px-6">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All prices in Ghana cedis (GHS).
        </p>
      </div>
    </footer>
  );
}
