import { MenuIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { BrandName } from '#web/components/brand-mark.tsx';
import { ThemeMenu } from '#web/components/theme-menu.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '#web/components/ui/sheet.tsx';
import { cn } from '#web/lib/cn.ts';
import { ROOM_FOR_VERSION_SWITCH } from '#web/lib/interface-version.tsx';
import { PRODUCT_NAME } from '#web/lib/product.ts';
import { GhanaFlag } from './ghana-flag.tsx';

const NAV_LINKS = [
  { to: '/#features', label: 'Features' },
  { to: '/#pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const;

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground',
    isActive && 'text-foreground',
  );
}

export function SiteHeader() {
  return (
    <>
      <div
        className={`flex h-12 items-center bg-primary pl-4 text-primary-foreground text-xs sm:pl-6 dark:bg-primary/15 dark:text-foreground ${ROOM_FOR_VERSION_SWITCH}`}
      >
        <GhanaFlag className="mr-2 h-3.5 w-auto shrink-0" />
        <span className="truncate">
          <span className="hidden sm:inline">Proudly built for Ghanaian shops · </span>Prices in cedis (₵)
        </span>
      </div>
      <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" className="rounded-md" aria-label={`${PRODUCT_NAME} home`}>
            <BrandName />
          </Link>
          <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass} end>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeMenu />
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <Link to="/login">Access your business</Link>
            </Button>
            <Button asChild variant="outline" className="hidden lg:inline-flex">
              <Link to="/signup">Sign up</Link>
            </Button>
            <Button asChild className="hidden md:inline-flex">
              <Link to="/contact">Get started</Link>
            </Button>
            <MobileMenu />
          </div>
        </div>
      </header>
    </>
  );
}

function MobileMenu() {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-72">
        <SheetHeader>
          <SheetTitle asChild>
            <div>
              <BrandName />
            </div>
          </SheetTitle>
          <SheetDescription>Point of sale for Ghanaian shops</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="grid gap-1 px-4">
          {NAV_LINKS.map((link) => (
            <SheetClose asChild key={link.to}>
              <Link to={link.to} className="rounded-md px-3 py-3 font-medium hover:bg-secondary">
                {link.label}
              </Link>
            </SheetClose>
          ))}
        </nav>
        <div className="mt-auto grid gap-2 p-4">
          <SheetClose asChild>
            <Button asChild variant="outline" size="lg">
              <Link to="/login">Access your business</Link>
            </Button>
          </SheetClose>
          <SheetClose asChild>
            <Button asChild variant="outline" size="lg">
              <Link to="/signup">Sign up</Link>
            </Button>
          </SheetClose>
          <SheetClose asChild>
            <Button asChild size="lg">
              <Link to="/contact">Get started</Link>
            </Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
