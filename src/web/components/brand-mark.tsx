import { cn } from '#web/lib/cn.ts';
import { PRODUCT_NAME } from '#web/lib/product.ts';

/** The product's logo: a shopping bag with a gold star, the same drawing as the favicon. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path d="M14 26h36l-3 22a4 4 0 0 1-4 3.5H21a4 4 0 0 1-4-3.5z" className="fill-primary-foreground" />
      <path
        d="M24 26v-4a8 8 0 0 1 16 0v4"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="m32 31 2.4 4.9 5.4.8-3.9 3.8.9 5.4-4.8-2.6-4.8 2.6.9-5.4-3.9-3.8 5.4-.8z" fill="#f2b82d" />
    </svg>
  );
}

export function BrandName({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 font-bold text-lg tracking-tight', className)}>
      <BrandLogo />
      {PRODUCT_NAME}
    </span>
  );
}
