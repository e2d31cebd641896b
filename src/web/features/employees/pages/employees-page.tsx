import {
  EyeIcon,
  EyeOffIcon,
  KeyRoundIcon,
  MoreHorizontalIcon,
  PlusIcon,
  UserCheckIcon,
  UserCogIcon,
  UsersIcon,
  UserXIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '#domain/dates.ts';
import { ROLES, type Role } from '#domain/permissions.ts';
import type { Employee, PinIssued } from '#domain/schemas/employees.ts';
import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog.tsx';
import { EmailAddress } from '#web/components/email-address.tsx';
import { EmptyState, ErrorState } from '#web/components/list-states.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import {
  ACTION_WORDS_ON_WIDE_SCREEN,
  TableCellPhoneDetails,
  WIDE_SCREEN_COLUMN,
  WRAPS_ON_PHONE,
} from '#web/components/ui/table-on-phone.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { cn } from '#web/lib/cn.ts';
import { useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useChangeRole,
  useEmployees,
  useRegeneratePin,
  useRemovePending,
  useSetActive,
} from '../api/employees.ts';
import { CreateEmployeeDialog } from '../components/create-employee-dialog.tsx';
import { pinToast, ROLE_LABELS, RoleBadge } from '../components/employee-bits.tsx';
import { TillDevicesSection } from '../components/till-devices-section.tsx';

/** PINs issued from this page since it opened: the only place a PIN exists in clear (never stored). */
type IssuedPins = Record<string, { pin: string; expiresAt: string }>;

const fullName = (person: Pick<Employee, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`.trim();

/** Employee management (operations §2): owners and managers. */
export function EmployeesPage() {
  const employees = useEmployees();
  const me = useMe().data;
  const [creating, setCreating] = useState(false);
  const [issuedPins, setIssuedPins] = useState<IssuedPins>({});
  const [actionError, setActionError] = useState<string | null>(null);
  const active = employees.data?.active ?? [];
  const pending = employees.data?.pending ?? [];

  const remember = (issued: PinIssued) =>
    setIssuedPins((pins) => ({
      ...pins,
      [issued.employee.id]: { pin: issued.generated_pin, expiresAt: issued.pin_expires_at },
    }));

  return (
    <section className="grid gap-6" aria-labelledby="employees-title">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1
            id="employees-title"
            className="flex flex-wrap items-center gap-2 font-semibold text-2xl tracking-tight"
          >
            Employee Management
            {pending.length > 0 && (
              <Badge variant="gold" aria-label={`${pending.length} pending setup`}>
                {pending.length} pending
              </Badge>
            )}
          </h1>
          <p className="text-muted-foreground">Your staff, their roles and their PINs.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Add Employee
        </Button>
      </header>

      {employees.isPending ? (
        <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading employees">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : employees.isError ? (
        <ErrorState title="Error Loading Employees" message={employees.error.message} />
      ) : (
        <Tabs defaultValue="active">
          <TabsList>
            <TabsTrigger value="active">Active Employees ({active.length})</TabsTrigger>
            <TabsTrigger value="pending">Pending Setup ({pending.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="active" className="grid gap-3">
            {active.length === 0 ? (
              <EmptyState icon={UsersIcon} title="No active employees">
                Employees appear here after their first sign-in.
              </EmptyState>
            ) : (
              <ActiveTable
                rows={active}
                myId={me?.user.id}
                myRole={me?.role as Role | undefined}
                issuedPins={issuedPins}
                onIssued={remember}
                onError={setActionError}
              />
            )}
          </TabsContent>
          <TabsContent value="pending" className="grid gap-3">
            {pending.length === 0 ? (
              <EmptyState icon={UsersIcon} title="Nobody is waiting to set up">
                Add an employee: they show here until their first sign-in.
              </EmptyState>
            ) : (
              <PendingTable
                rows={pending}
                myRole={me?.role as Role | undefined}
                issuedPins={issuedPins}
                onIssued={remember}
                onError={setActionError}
              />
            )}
          </TabsContent>
        </Tabs>
      )}
      {actionError && (
        <p role="alert" className="font-medium text-destructive text-sm" data-testid="employee-action-error">
          {actionError}
        </p>
      )}

      <TillDevicesSection />

      <CreateEmployeeDialog
        open={creating}
        onOpenChange={setCreating}
        canMakeOwner={me?.role === 'owner'}
        onIssued={(issued) => {
          setActionError(null);
          remember(issued);
        }}
      />
    </section>
  );
}

/**
 * A row's first cell. On a phone the tables keep the name, the PIN and the actions: the email and the role move
 * under the name (with whatever `phoneNote` adds); the status, first login and created date wait for a wider screen.
 */
function NameCell({
  person,
  isMe = false,
  phoneNote,
}: {
  person: Employee;
  isMe?: boolean;
  phoneNote?: ReactNode;
}) {
  return (
    <TableCell className={cn('font-medium', WRAPS_ON_PHONE)}>
      {fullName(person)}
      {isMe && <span className="ml-1 text-muted-foreground text-xs">(you)</span>}
      <TableCellPhoneDetails>
        <EmailAddress email={person.email} />
        <RoleBadge role={person.role} />
        {phoneNote}
      </TableCellPhoneDetails>
    </TableCell>
  );
}

const StatusBadge = ({ isActive }: { isActive: boolean }) =>
  isActive ? (
    <Badge className="bg-green-600 text-white">Active</Badge>
  ) : (
    <Badge variant="outline">Inactive</Badge>
  );

type TableProps = {
  rows: Employee[];
  myRole: Role | undefined;
  issuedPins: IssuedPins;
  onIssued: (issued: PinIssued) => void;
  onError: (message: string | null) => void;
};

function ActiveTable({ rows, myId, myRole, issuedPins, onIssued, onError }: TableProps & { myId?: string }) {
  const { timezone } = useBusiness();
  return (
    <Table aria-label="Active employees">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead className={WIDE_SCREEN_COLUMN}>Email</TableHead>
          <TableHead className={WIDE_SCREEN_COLUMN}>Role</TableHead>
          <TableHead className={WIDE_SCREEN_COLUMN}>Status</TableHead>
          <TableHead>PIN Status</TableHead>
          <TableHead className={WIDE_SCREEN_COLUMN}>First Login</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((person) => {
          const isMe = person.id === myId;
          const mayAct = !isMe && (myRole === 'owner' || person.role !== 'owner');
          return (
            <TableRow key={person.id}>
              <NameCell
                person={person}
                isMe={isMe}
                phoneNote={!person.is_active && <StatusBadge isActive={false} />}
              />
              <TableCell className={WIDE_SCREEN_COLUMN}>{person.email}</TableCell>
              <TableCell className={WIDE_SCREEN_COLUMN}>
                <RoleBadge role={person.role} />
              </TableCell>
              <TableCell className={WIDE_SCREEN_COLUMN}>
                <StatusBadge isActive={person.is_active} />
              </TableCell>
              <TableCell className={WRAPS_ON_PHONE}>
                <PinStatus person={person} issued={issuedPins[person.id]} timezone={timezone} />
              </TableCell>
              <TableCell className={cn('text-sm', WIDE_SCREEN_COLUMN)}>
                Completed
                {person.last_login_at && (
                  <span className="block text-muted-foreground text-xs">
                    Last sign-in {formatDateTime(person.last_login_at, timezone)}
                  </span>
                )}
              </TableCell>
              <TableCell className={WRAPS_ON_PHONE}>
                {mayAct ? (
                  <RowActions person={person} myRole={myRole} onIssued={onIssued} onError={onError} />
                ) : (
                  <span className="text-muted-foreground text-xs">
                    {isMe ? 'Your own account' : 'Only an owner can change an owner'}
                  </span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function PendingTable({ rows, myRole, issuedPins, onIssued, onError }: TableProps) {
  const { timezone } = useBusiness();
  const [removing, setRemoving] = useState<Employee | null>(null);
  const remove = useRemovePending();
  return (
    <>
      <Table aria-label="Pending employees">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className={WIDE_SCREEN_COLUMN}>Email</TableHead>
            <TableHead className={WIDE_SCREEN_COLUMN}>Role</TableHead>
            <TableHead>PIN</TableHead>
            <TableHead className={WIDE_SCREEN_COLUMN}>Created</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((person) => {
            const mayAct = myRole === 'owner' || person.role !== 'owner';
            return (
              <TableRow key={person.id}>
                <NameCell person={person} />
                <TableCell className={WIDE_SCREEN_COLUMN}>{person.email}</TableCell>
                <TableCell className={WIDE_SCREEN_COLUMN}>
                  <RoleBadge role={person.role} />
                </TableCell>
                <TableCell className={WRAPS_ON_PHONE}>
                  <PinStatus person={person} issued={issuedPins[person.id]} timezone={timezone} />
                </TableCell>
                <TableCell className={cn('text-sm', WIDE_SCREEN_COLUMN)}>
                  {formatDateTime(person.created_at, timezone)}
                </TableCell>
                <TableCell className={WRAPS_ON_PHONE}>
                  {mayAct ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <RegenerateButton person={person} onIssued={onIssued} onError={onError} resend />
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-destructive"
                        aria-label={`Remove ${fullName(person)}`}
                        title="Remove"
                        onClick={() => setRemoving(person)}
                      >
                        <UserXIcon aria-hidden="true" />
                        <span className={ACTION_WORDS_ON_WIDE_SCREEN}>Remove</span>
                      </Button>
                    </div>
                  ) : (
                    <span className="text-muted-foreground text-xs">Only an owner can change an owner</span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ConfirmDeleteDialog
        title="Remove pending employee"
        name={removing ? fullName(removing) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = fullName(removing);
          remove.mutate(removing.id, {
            onSuccess: () => {
              onError(null);
              toast.success('Pending Employee Removed', { description: name });
            },
            onError: (error) => {
              const message = actionErrorMessage(error, 'remove employees');
              onError(message);
              toast.error('Failed to Remove Pending Employee', { description: message });
            },
          });
        }}
      />
    </>
  );
}

/**
 * The PIN cell. PINs are kept only as a keyed hash, so a PIN can be revealed only right after it was issued
 * from this page; otherwise the dots say a PIN exists and regenerating issues a new one (docs/decisions.md).
 */
function PinStatus({
  person,
  issued,
  timezone,
}: {
  person: Employee;
  issued: IssuedPins[string] | undefined;
  timezone: string;
}) {
  const [shown, setShown] = useState(false);
  if (person.pin_status === 'none')
    return <span className="text-muted-foreground text-sm">No active PIN</span>;
  if (person.pin_status === 'own') return <span className="text-sm">Own PIN</span>;
  const isKnown = issued !== undefined && issued.expiresAt === person.pin_expires_at;
  const expires = person.pin_expires_at ? formatDateTime(person.pin_expires_at, timezone) : '';
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex items-center gap-2">
        <span className="font-mono tracking-widest" data-testid="pin-value">
          {isKnown && shown ? issued.pin : '••••••'}
        </span>
        {isKnown ? (
          <Button
            size="icon"
            variant="ghost"
            className="size-7"
            aria-label={shown ? `Hide PIN of ${fullName(person)}` : `Show PIN of ${fullName(person)}`}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          </Button>
        ) : (
          <span className="text-muted-foreground text-xs">shown once, when issued</span>
        )}
      </div>
      {person.pin_status === 'active' ? (
        <span className="font-medium text-green-700 text-xs dark:text-green-400">
          Active · until {expires}
        </span>
      ) : (
        <span className="font-medium text-destructive text-xs">Expired · {expires}</span>
      )}
    </div>
  );
}

function RegenerateButton({
  person,
  onIssued,
  onError,
  resend = false,
}: {
  person: Employee;
  onIssued: (issued: PinIssued) => void;
  onError: (message: string | null) => void;
  resend?: boolean;
}) {
  const regenerate = useRegeneratePin();
  const label = resend ? 'Re-send PIN' : 'New PIN';
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={regenerate.isPending}
      aria-label={`${label} for ${fullName(person)}`}
      title={label}
      onClick={() =>
        regenerate.mutate(person.id, {
          onSuccess: (issued) => {
            onError(null);
            onIssued(issued);
            pinToast('PIN Regenerated', issued);
          },
          onError: (error) => {
            const message = actionErrorMessage(error, 'give PINs', 'Failed to regenerate PIN');
            onError(message);
            toast.error('Failed to Regenerate PIN', { description: message });
          },
        })
      }
    >
      <KeyRoundIcon aria-hidden="true" />
      <span className={ACTION_WORDS_ON_WIDE_SCREEN}>{label}</span>
    </Button>
  );
}

/**
 * The actions on an active employee, in one menu so the row stays one line: a new PIN, the role (a manager
 * is not offered owner), and deactivate (confirmed: their sessions end at once) or reactivate.
 */
function RowActions({
  person,
  myRole,
  onIssued,
  onError,
}: {
  person: Employee;
  myRole: Role | undefined;
  onIssued: (issued: PinIssued) => void;
  onError: (message: string | null) => void;
}) {
  const regenerate = useRegeneratePin();
  const change = useChangeRole();
  const setActive = useSetActive();
  const [confirming, setConfirming] = useState(false);
  const name = fullName(person);
  const roles = ROLES.filter((role) => role !== person.role && (myRole === 'owner' || role !== 'owner'));
  const busy = regenerate.isPending || change.isPending || setActive.isPending;

  const fail = (title: string, action: string, fallback?: string) => (error: Error) => {
    const message = actionErrorMessage(error, action, fallback);
    onError(message);
    toast.error(title, { description: message });
  };
  const newPin = () =>
    regenerate.mutate(person.id, {
      onSuccess: (issued) => {
        onError(null);
        onIssued(issued);
        pinToast('PIN Regenerated', issued);
      },
      onError: fail('Failed to Regenerate PIN', 'give PINs', 'Failed to regenerate PIN'),
    });
  const changeRole = (role: Role) =>
    change.mutate(
      { id: person.id, role },
      {
        onSuccess: () => {
          onError(null);
          toast.success('Role Changed', {
            description: `${name} is now ${ROLE_LABELS[role].toLowerCase()}.`,
          });
        },
        onError: fail('Failed to Change Role', 'change roles'),
      },
    );
  const toggle = (active: boolean) =>
    setActive.mutate(
      { id: person.id, active },
      {
        onSuccess: () => {
          onError(null);
          toast.success(active ? 'Employee Reactivated' : 'Employee Deactivated', { description: name });
        },
        onError: active
          ? fail('Failed to Reactivate Employee', 'reactivate employees')
          : fail('Failed to Deactivate Employee', 'deactivate employees'),
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" disabled={busy} aria-label={`Actions for ${name}`}>
            {busy ? <Spinner label="Working" /> : <MoreHorizontalIcon aria-hidden="true" />}
            <span className={ACTION_WORDS_ON_WIDE_SCREEN}>Actions</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {person.is_active ? (
            <>
              <DropdownMenuItem onSelect={newPin}>
                <KeyRoundIcon aria-hidden="true" />
                New PIN
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuLabel className="text-muted-foreground text-xs">Change role</DropdownMenuLabel>
              {roles.map((role) => (
                <DropdownMenuItem key={role} onSelect={() => changeRole(role)}>
                  <UserCogIcon aria-hidden="true" />
                  Make {ROLE_LABELS[role].toLowerCase()}
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive" onSelect={() => setConfirming(true)}>
                <UserXIcon aria-hidden="true" />
                Deactivate
              </DropdownMenuItem>
            </>
          ) : (
            <DropdownMenuItem onSelect={() => toggle(true)}>
              <UserCheckIcon aria-hidden="true" />
              Reactivate
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Deactivate {name}?</AlertDialogTitle>
            <AlertDialogDescription>
              They are signed out everywhere at once and cannot sign in until reactivated.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => toggle(false)}
            >
              Deactivate
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
