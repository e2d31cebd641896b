import {
  BanknoteIcon,
  CalendarIcon,
  MailIcon,
  PhoneIcon,
  PlusIcon,
  StarIcon,
  UserCheckIcon,
  UsersIcon,
} from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import type { Customer } from '#domain/schemas/customers.ts';
import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog.tsx';
import { EditDeleteButtons } from '#web/components/edit-delete-buttons.tsx';
import {
  EmptyState,
  ErrorState,
  ListStates,
  LoadingList,
  LoadMoreFooter,
} from '#web/components/list-states.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { SearchField } from '#web/components/search-field.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { toast } from '#web/lib/toast.ts';
import { useAddressParams } from '#web/lib/use-address-params.ts';
import { useCustomerSummary, useCustomers, useDeleteCustomer } from '../api/customers.ts';
import { CustomerDialog } from '../components/customer-dialog.tsx';
import { PointsHistoryDialog } from '../components/points-history-dialog.tsx';

const SKELETON_COUNT = 6; // operations §9

type Editing = { customer: Customer | null } | null;

/** Customer Management (operations §2). */
export function CustomersPage() {
  const [params, changeAddress] = useAddressParams();
  const search = params.get('search')?.trim() || undefined;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const customers = useCustomers(search);
  const rows = customers.data?.pages.flatMap((page) => page.customers) ?? [];
  const total = customers.data?.pages.at(-1)?.total ?? 0;

  return (
    <section className="grid gap-6" aria-labelledby="customers-title">
      <PageHeader
        titleId="customers-title"
        title="Customer Management"
        description="Your regular customers and what they spend."
        actions={
          <Button onClick={() => setEditing({ customer: null })}>
            <PlusIcon aria-hidden="true" />
            Add Customer
          </Button>
        }
      />

      <CustomerStats search={search} />
      <SearchField
        label="Search customers"
        placeholder="Search by name, phone or email..."
        value={params.get('search') ?? ''}
        onSettled={(text) => changeAddress({ search: text.trim() ? text : null })}
      />

      <ListStates
        query={customers}
        isEmpty={rows.length === 0}
        loading={
          <LoadingList
            count={SKELETON_COUNT}
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            placeholder={() => <Skeleton className="h-52 rounded-xl" data-testid="customer-skeleton" />}
          />
        }
        error={(message) => <ErrorState title="Error Loading Customers" message={message} />}
        empty={
          <EmptyState icon={UsersIcon} title="No customers found">
            {search ? 'Try another name, phone number or email.' : 'Add your first customer to get started.'}
          </EmptyState>
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Customers">
          {rows.map((customer) => (
            <li key={customer.id} className="grid">
              <CustomerCard
                customer={customer}
                onEdit={() => setEditing({ customer })}
                onDelete={() => setDeleting(customer)}
              />
            </li>
          ))}
        </ul>
        <LoadMoreFooter
          shown={rows.length}
          total={total}
          noun="customers"
          hasNextPage={customers.hasNextPage}
          isFetchingNextPage={customers.isFetchingNextPage}
          onLoadMore={() => customers.fetchNextPage()}
        />
      </ListStates>

      <CustomerDialog
        open={editing !== null}
        customer={editing?.customer ?? null}
        onOpenChange={(open) => open || setEditing(null)}
      />
      <DeleteCustomerDialog customer={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function CustomerStats({ search }: { search: string | undefined }) {
  const summary = useCustomerSummary(search).data;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Customers" icon={UsersIcon} value={summary && String(summary.total_customers)} />
      <StatCard
        label="Active Customers"
        icon={UserCheckIcon}
        value={summary && String(summary.active_customers)}
      />
      <StatCard label="Total Spent" icon={BanknoteIcon} value={summary && formatCedis(summary.total_spent)} />
      <StatCard
        label="Loyalty Points"
        icon={StarIcon}
        value={summary?.loyalty_points.toLocaleString('en-GH')}
      />
    </div>
  );
}

function CustomerCard({
  customer,
  onEdit,
  onDelete,
}: {
  customer: Customer;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const business = useBusiness();
  const [isPointsOpen, setPointsOpen] = useState(false);
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="customer-card">
      <h3 className="truncate font-medium text-lg">{customer.name}</h3>
      <div className="grid gap-1 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{customer.phone ?? 'No phone'}</span>
        </p>
        <p className="flex items-center gap-2 text-muted-foreground">
          <MailIcon className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{customer.email ?? 'No email'}</span>
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-3 text-center">
        <div>
          <dt className="text-muted-foreground text-xs">Total spent</dt>
          <dd className="font-semibold tabular-nums">{formatCedis(customer.total_spent)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">Visits</dt>
          <dd className="font-semibold tabular-nums">{customer.visit_count}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">Points</dt>
          <dd className="font-semibold tabular-nums">{customer.loyalty_points}</dd>
        </div>
      </dl>
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <CalendarIcon className="size-4" aria-hidden="true" />
        Last visit: {customer.last_visit ? formatDate(customer.last_visit, business.timezone) : 'Never'}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <EditDeleteButtons name={customer.name} onEdit={onEdit} onDelete={onDelete} />
        <Button
          variant="outline"
          size="sm"
          aria-label={`Points history of ${customer.name}`}
          onClick={() => setPointsOpen(true)}
        >
          <StarIcon aria-hidden="true" />
          Points
        </Button>
      </div>
      <PointsHistoryDialog customer={isPointsOpen ? customer : null} onClose={() => setPointsOpen(false)} />
    </Card>
  );
}

function DeleteCustomerDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const remove = useDeleteCustomer();
  return (
    <ConfirmDeleteDialog
      title="Delete customer"
      name={customer?.name ?? null}
      onClose={onClose}
      onConfirm={() => {
        if (!customer) return;
        remove.mutate(customer.id, {
          onSuccess: () => toast.success('Customer deleted', { description: customer.name }),
          onError: (error) =>
            toast.error('Failed to delete customer', {
              description: actionErrorMessage(error, 'delete customers'),
            }),
        });
      }}
    />
  );
}
