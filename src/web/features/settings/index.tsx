import { useSearchParams } from 'react-router';
import { ErrorState } from '#web/components/list-states.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { canDo, useMe } from '#web/lib/session.ts';
import { useSettings } from './api/settings.ts';
import { BusinessTab } from './components/business-tab.tsx';
import { DiscountLimitCard } from './components/discount-limit-card.tsx';
import { ReceiptsTab } from './components/receipts-tab.tsx';
import { RolesTab } from './components/roles-tab.tsx';
import { TaxTab } from './components/tax-tab.tsx';
import { LoyaltySettingsCard } from './loyalty-settings.tsx';
import { ManualMomoCard, PaymentSettingsCard } from './payment-settings.tsx';

const TABS = [
  { value: 'business', label: 'Business' },
  { value: 'tax', label: 'Tax' },
  { value: 'receipts', label: 'Receipts' },
  { value: 'payments', label: 'Payments' },
  { value: 'roles', label: 'Roles' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * Settings (manage_settings, the owner's): the business, tax, receipts, payments and roles, one tab each. The
 * open tab is in the address (?tab=tax), so it survives a reload and can be linked to.
 */
function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const settings = useSettings();
  const canPay = canDo(me.data, 'manage_payments');
  const tabs = TABS.filter((tab) => tab.value !== 'payments' || canPay);
  const asked = params.get('tab');
  const current: Tab = tabs.find((tab) => tab.value === asked)?.value ?? 'business';
  const choose = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="grid min-w-0 gap-6" aria-labelledby="settings-title">
      <h1 id="settings-title" className="font-semibold text-2xl tracking-tight">
        Settings
      </h1>
      <Tabs value={current} onValueChange={choose} className="min-w-0 gap-4">
        <div>
          <TabsList aria-label="Settings sections" className="h-auto flex-wrap justify-start">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="h-8 flex-none px-3 sm:px-4">
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {settings.isError ? (
          <ErrorState title="Error Loading Settings" message={settings.error.message} />
        ) : !settings.data ? (
          <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading settings">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <>
            <TabsContent value="business" className="grid gap-6">
              <BusinessTab profile={settings.data.profile} />
              <LoyaltySettingsCard />
            </TabsContent>
            <TabsContent value="tax">
              <TaxTab tax={settings.data.tax} />
            </TabsContent>
            <TabsContent value="receipts">
              <ReceiptsTab settings={settings.data} />
            </TabsContent>
            {canPay && (
              <TabsContent value="payments" className="grid gap-6">
                <PaymentSettingsCard />
                <ManualMomoCard />
              </TabsContent>
            )}
            <TabsContent value="roles" className="grid gap-6">
              <RolesTab roles={settings.data.roles} />
              <DiscountLimitCard />
            </TabsContent>
          </>
        )}
      </Tabs>
    </section>
  );
}

export default SettingsPage;
