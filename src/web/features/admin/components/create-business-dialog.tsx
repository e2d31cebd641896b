import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2Icon, GlobeIcon, PlusIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '#domain/business.ts';
import { createBusinessInput, slugProblem } from '#domain/schemas/admin.ts';
import { deriveSlug } from '#domain/slug.ts';
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { businessUrl } from '#web/lib/tenancy.ts';
import { toast } from '#web/lib/toast.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useSlugCheck } from '../api/check-slug.ts';
import { useCreateBusiness } from '../api/create-business.ts';

type CreateValues = z.input<typeof createBusinessInput>;
type Create = z.output<typeof createBusinessInput>;

const EMPTY: CreateValues = {
  name: '',
  contact_person: '',
  email: '',
  phone: '',
  address: '',
  subscription_tier: 'basic',
  notes: '',
};
const FIELDS = ['name', 'contact_person', 'email', 'phone', 'address', 'subscription_tier', 'notes'] as const;
const TIER_LABELS: Record<(typeof SUBSCRIPTION_TIERS)[number], string> = {
  basic: 'Basic',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

/** platform §2/§5 create-business dialog: the web address is shown, and checked, before saving. */
export function CreateBusinessDialog() {
  const [isOpen, setOpen] = useState(false);
  const create = useCreateBusiness();
  const form = useForm<CreateValues, unknown, Create>({
    resolver: zodResolver(createBusinessInput),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = (open: boolean) => {
    if (create.isPending) return;
    setOpen(open);
    if (!open) {
      form.reset(EMPTY);
      create.reset();
    }
  };

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      ({ business }) => {
        toast.success(`${business.name} created`, {
          description: 'Send the invitation when you are ready for the owner to set it up.',
        });
        close(false);
      },
      (error: unknown) => {
        showServerFieldErrors(form, error, FIELDS);
      },
    ),
  );
  const failure = create.error;
  const hasFieldErrors = isApiError(failure) && failure.fields !== undefined;

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          Create business
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Create business</DialogTitle>
          <DialogDescription>
            The business gets its own web address from its name. Its owner finishes the setup from the
            invitation email.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create business">
          {failure && !hasFieldErrors && (
            <Alert variant="destructive">
              <AlertDescription>{failure.message}</AlertDescription>
            </Alert>
          )}
          <FormField id="business-name" label="Business name" error={errors.name?.message}>
            <Input autoComplete="off" placeholder="e.g. Makola Fabrics" {...form.register('name')} />
          </FormField>
          <WebAddressPreview control={form.control} hasNameError={Boolean(errors.name)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="contact-person" label="Contact person" error={errors.contact_person?.message}>
              <Input autoComplete="off" {...form.register('contact_person')} />
            </FormField>
            <FormField id="business-email" label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <FormField id="business-phone" label="Phone" error={errors.phone?.message}>
              <Input type="tel" inputMode="tel" placeholder="+233 24 000 0000" {...form.register('phone')} />
            </FormField>
            <div className="grid gap-2">
              <Label htmlFor="subscription-tier">Subscription plan</Label>
              <Controller
                control={form.control}
                name="subscription_tier"
                render={({ field }) => (
                  <Select value={field.value ?? 'basic'} onValueChange={field.onChange}>
                    <SelectTrigger id="subscription-tier" ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {SUBSCRIPTION_TIERS.map((tier) => (
                        <SelectItem key={tier} value={tier}>
                          {TIER_LABELS[tier]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
          </div>
          <FormField id="business-address" label="Address" optional error={errors.address?.message}>
            <Input autoComplete="off" {...form.register('address')} />
          </FormField>
          <FormField
            id="business-notes"
            label="Notes"
            optional
            hint="Seen by admins only."
            error={errors.notes?.message}
          >
            <Textarea rows={3} {...form.register('notes')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={create.isPending} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner label="Creating" /> : <PlusIcon aria-hidden="true" />}
              {create.isPending ? 'Creating...' : 'Create business'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The slug derived from the name as it is typed, its address, and whether it is free. */
function WebAddressPreview({
  control,
  hasNameError,
}: {
  control: Control<CreateValues, unknown, Create>;
  hasNameError: boolean;
}) {
  const name = useWatch({ control, name: 'name' }) ?? '';
  const settledName = useDebouncedValue(name.trim(), 300);
  const slug = deriveSlug(name);
  const problem = name.trim() ? slugProblem(name) : null;
  const check = useSlugCheck(settledName, settledName !== '' && slugProblem(settledName) === null);
  const isCurrent = check.data?.slug === slug && settledName === name.trim();

  return (
    <div
      className="grid gap-1 rounded-lg border border-dashed bg-muted/40 px-3 py-2 text-sm"
      aria-live="polite"
    >
      <p className="flex items-center gap-2 text-muted-foreground">
        <GlobeIcon className="size-4 shrink-0" aria-hidden="true" />
        Web address
      </p>
      {slug ? (
        <p className="break-all font-mono text-xs" data-testid="derived-slug">
          <span className="font-semibold text-foreground">{slug}</span>
          <span className="text-muted-foreground"> · {businessUrl(slug, '/app')}</span>
        </p>
      ) : (
        <p className="text-muted-foreground text-xs">Appears as you type the business name.</p>
      )}
      {!hasNameError && problem && <p className="text-destructive text-xs">{problem}</p>}
      {!hasNameError && !problem && slug && isCurrent && check.data && (
        <p
          className={`flex items-center gap-1.5 text-xs ${check.data.is_available ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}
        >
          {check.data.is_available ? (
            <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
          ) : (
            <XCircleIcon className="size-3.5" aria-hidden="true" />
          )}
          {check.data.is_available ? 'Available' : check.data.message}
        </p>
      )}
    </div>
  );
}
