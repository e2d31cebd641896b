import { ArrowRightIcon, CheckIcon, CircleCheckIcon, SmartphoneIcon, StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCedis } from '#domain/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { PRODUCT_NAME } from '#web/lib/product.ts';
import { BENEFITS, FEATURES, PAYMENT_METHODS, PLANS } from './landing-content.ts';

export function LandingPage() {
  return (
    <>
      <Hero />
      <PaymentStrip />
      <Features />
      <Benefits />
      <Pricing />
      <ClosingCall />
    </>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_60%_at_80%_0%,color-mix(in_oklch,var(--gold)_22%,transparent),transparent),radial-gradient(50%_50%_at_0%_100%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-2">
        <div className="grid gap-6">
          <Badge variant="gold" className="px-3 py-1">
            <StoreIcon aria-hidden="true" />
            Point of sale for Ghanaian shops
          </Badge>
          <h1 className="text-balance font-bold text-4xl leading-tight tracking-tight sm:text-5xl">
            Run your shop with confidence,{' '}
            <span className="text-primary">from the first sale to closing time</span>
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            {PRODUCT_NAME} helps you sell faster, keep stock right and take mobile money, with reports in
            cedis that make sense at a glance.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/contact">
                Get started
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login">Access your business</Link>
            </Button>
          </div>
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <CircleCheckIcon className="size-4 text-success" aria-hidden="true" />
            We respond to every request within 24 hours.
          </p>
        </div>
        <TillPreview />
      </div>
    </section>
  );
}

const PREVIEW_BARS = [38, 52, 45, 70, 62, 88, 76] as const;
const PREVIEW_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A drawing of the dashboard, so the hero shows the product without a screenshot or stock photo. */
function TillPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-2xl border bg-card p-5 shadow-xl shadow-primary/10">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-muted-foreground text-xs">Today's sales</p>
            <p className="font-bold text-3xl tracking-tight">{formatCedis(482050)}</p>
          </div>
          <span className="rounded-full bg-success/15 px-2.5 py-1 font-medium text-success text-xs">
            +12.4%
          </span>
        </div>
        <div className="mt-6 flex h-28 items-end gap-2">
          {PREVIEW_BARS.map((height, index) => (
            <div key={PREVIEW_DAYS[index]} className="flex h-full flex-1 flex-col items-center gap-1.5">
              <div className="flex w-full flex-1 items-end">
                <div
                  className={cn('w-full rounded-md', index === 5 ? 'bg-primary' : 'bg-primary/25')}
                  style={{ height: `${height}%` }}
                />
              </div>
              <span className="text-[10px] text-muted-foreground">{PREVIEW_DAYS[index]}</span>
            </div>
          ))}
        </div>
        <div className="mt-6 grid gap-2">
          {[
            { item: 'Milo 400g tin', method: 'MTN MoMo', amount: 4500 },
            { item: 'Frytol oil 1L × 2', method: 'Cash', amount: 7800 },
            { item: 'Gino tomato paste', method: 'Telecel Cash', amount: 1250 },
          ].map((sale) => (
            <div
              key={sale.item}
              className="flex items-center justify-between rounded-lg bg-muted/70 px-3 py-2 text-sm"
            >
              <div>
                <p className="font-medium">{sale.item}</p>
                <p className="text-muted-foreground text-xs">{sale.method}</p>
              </div>
              <span className="font-semibold tabular-nums">{formatCedis(sale.amount)}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-5 -left-3 hidden items-center gap-2 rounded-xl border bg-card px-3 py-2 shadow-lg sm:flex">
        <span className="flex size-8 items-center justify-center rounded-full bg-gold text-gold-foreground">
          <SmartphoneIcon className="size-4" />
        </span>
        <div className="text-xs">
          <p className="font-semibold">MoMo payment received</p>
          <p className="text-muted-foreground">{formatCedis(4500)} · just now</p>
        </div>
      </div>
    </div>
  );
}

function PaymentStrip() {
  return (
    <section aria-labelledby="payments-heading" className="border-y bg-secondary/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-6 sm:px-6 md:flex-row md:justify-between">
        <h2 id="payments-heading" className="font-medium text-muted-foreground text-sm">
          Accept the payments your customers use
        </h2>
        <ul className="flex flex-wrap justify-center gap-2">
          {PAYMENT_METHODS.map((method) => (
            <li key={method} className="rounded-full border bg-background px-3 py-1 font-medium text-sm">
              {method}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
}) {
  return (
    <div className="mx-auto grid max-w-2xl gap-3 text-center">
      <p className="font-semibold text-primary text-sm uppercase tracking-wider">{eyebrow}</p>
      <h2 id={id} className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="text-muted-foreground">{lead}</p>
    </div>
  );
}

function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 md:py-24">
        <SectionHeading
          id="features-heading"
          eyebrow="Features"
          title="Everything your shop needs, in one place"
          lead="From the counter to the stock room to the monthly report, built around how shops in Ghana work."
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, description }) => (
            <li key={title}>
              <Card className="h-full gap-3 transition-shadow hover:shadow-md">
                <CardHeader className="gap-3">
                  <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle>
                    <h3>{title}</h3>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-muted-foreground text-sm leading-relaxed">{description}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Benefits() {
  return (
    <section
      aria-labelledby="benefits-heading"
      className="bg-primary text-primary-foreground dark:bg-primary/12 dark:text-foreground"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-2">
        <div className="grid gap-4">
          <h2 id="benefits-heading" className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">
            Why shop owners choose {PRODUCT_NAME}
          </h2>
          <p className="text-primary-foreground/80 dark:text-muted-foreground">
            Less time counting, fewer surprises at the end of the day, and more time for your customers.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li
              key={benefit}
              className="flex gap-3 rounded-xl bg-primary-foreground/10 p-4 dark:border dark:bg-card/70"
            >
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
              <span className="text-sm leading-relaxed">{benefit}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 md:py-24">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Pricing"
          title="Simple monthly plans in cedis"
          lead="Pick the plan that fits your shop today and change it as you grow."
        />
        <ul className="grid gap-4 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li key={plan.tier}>
              <Card
                className={cn(
                  'relative h-full',
                  plan.isFeatured && 'border-primary shadow-lg ring-1 ring-primary',
                )}
              >
                {plan.isFeatured && (
                  <Badge className="absolute -top-3 left-6" variant="default">
                    Most popular
                  </Badge>
                )}
                <CardHeader>
                  <CardTitle>
                    <h3 className="text-lg">{plan.name}</h3>
                  </CardTitle>
                  <CardDescription>{plan.description}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-5">
                  <p>
                    {plan.monthlyPesewas === null ? (
                      <span className="font-bold text-3xl">Let's talk</span>
                    ) : (
                      <>
                        <span className="font-bold text-3xl tabular-nums">
                          {formatCedis(plan.monthlyPesewas)}
                        </span>
                        <span className="text-muted-foreground text-sm"> / month</span>
                      </>
                    )}
                  </p>
                  <ul className="grid gap-2 text-sm">
                    {plan.highlights.map((highlight) => (
                      <li key={highlight} className="flex gap-2">
                        <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        {highlight}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter className="mt-auto">
                  <Button asChild className="w-full" variant={plan.isFeatured ? 'default' : 'outline'}>
                    <Link to="/contact">{plan.monthlyPesewas === null ? 'Contact us' : 'Get started'}</Link>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCall() {
  return (
    <section aria-labelledby="closing-heading" className="px-4 pb-16 sm:px-6 md:pb-24">
      <div className="mx-auto grid max-w-6xl justify-items-center gap-5 rounded-3xl border bg-accent/60 px-6 py-12 text-center">
        <h2 id="closing-heading" className="text-balance font-bold text-3xl tracking-tight">
          Ready to modernise your shop?
        </h2>
        <p className="max-w-xl text-muted-foreground">
          Tell us about your business and we'll call you within 24 hours to get you set up.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to="/contact">
              Get started
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">Access your business</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
