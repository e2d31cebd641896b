import { Building2Icon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { adminRoleSatisfies } from '#domain/permissions.ts';
import type { AdminProfile } from '#domain/schemas/admin.ts';
import { SearchField } from '#web/components/search-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { type ApiError, isApiError } from '#web/lib/api-client.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { useBusinesses } from '../api/get-businesses.ts';
import { useContactRequests } from '../api/get-contact-requests.ts';
import { ADMIN_LOGIN_PATH } from '../components/admin-guard.tsx';
import { AdminHeader } from '../components/admin-header.tsx';
import { BusinessList } from '../components/business-list.tsx';
import { BusinessStats } from '../components/business-stats.tsx';
import { ContactRequestList } from '../components/contact-request-list.tsx';
import { CreateBusinessDialog } from '../components/create-business-dialog.tsx';

/** platform §2 "Admin dashboard" at /admin-allowed, behind the admin guard. */
export function AdminDashboardPage() {
  const admin = useAdminMe().data;
  if (!admin) return null;
  return (
    <div className="min-h-dvh bg-muted/30">
      <AdminHeader admin={admin} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Admin Dashboard</h1>
          <p className="text-muted-foreground">Create businesses, invite their owners and manage access.</p>
        </div>
        <Dashboard admin={admin} />
      </main>
    </div>
  );
}

function Dashboard({ admin }: { admin: AdminProfile }) {
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), 300);
  const list = useBusinesses(settledSearch);
  const contactRequests = useContactRequests();

  // A session that ended meanwhile (8 hours, or signed out elsewhere) goes back to the login.
  if (isSignedOut(list.error) || isSignedOut(contactRequests.error)) {
    return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  }

  return (
    <>
      <BusinessStats counts={list.data?.counts} />
      <Tabs defaultValue="businesses" className="grid gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="businesses">Businesses</TabsTrigger>
          <TabsTrigger value="contact-requests">
            Contact requests{contactRequests.data ? ` (${contactRequests.data.length})` : ''}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="businesses" className="grid gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SearchField
              label="Search businesses"
              placeholder="Search name, address, email or contact"
              className="sm:w-80"
              value={search}
              onChange={setSearch}
            />
            <CreateBusinessDialog />
          </div>
          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError && !list.data ? (
            <LoadError message={list.error.message} onRetry={() => list.refetch()} />
          ) : list.data.businesses.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
              <Building2Icon className="size-8" aria-hidden="true" />
              <p>{settledSearch ? `No business matches "${settledSearch}".` : 'No businesses yet.'}</p>
            </div>
          ) : (
            <BusinessList
              businesses={list.data.businesses}
              canDeactivate={adminRoleSatisfies(admin.role, 'super_admin')}
            />
          )}
        </TabsContent>
        <TabsContent value="contact-requests">
          {contactRequests.isPending ? (
            <ListSkeleton />
          ) : contactRequests.isError && !contactRequests.data ? (
            <LoadError message={contactRequests.error.message} onRetry={() => contactRequests.refetch()} />
          ) : (
            <ContactRequestList requests={contactRequests.data} />
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}

function isSignedOut(error: Error | null): error is ApiError {
  return isApiError(error) && error.status === 401;
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-28 w-full rounded-xl" />
      ))}
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border p-8 text-center">
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
