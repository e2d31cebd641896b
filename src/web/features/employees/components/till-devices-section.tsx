import { MonitorSmartphoneIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '#domain/dates.ts';
import type { TillDevice } from '#domain/schemas/employees.ts';
import { ErrorState } from '#web/components/list-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import {
  TableCellPhoneDetails,
  WIDE_SCREEN_COLUMN,
  WRAPS_ON_PHONE,
} from '#web/components/ui/table-on-phone.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { cn } from '#web/lib/cn.ts';
import { useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useRevokeDevice, useTillDevices, useTrustThisDevice } from '../api/till-devices.ts';

/**
 * Till devices (on the Employees page): PIN sign-in works only in browsers an owner or manager trusted here
 * while signed in with their password. Lists the shop's tills and revokes them.
 */
export function TillDevicesSection() {
  const devices = useTillDevices();
  const me = useMe().data;
  const list = devices.data?.devices ?? [];
  const thisDevice = list.find((device) => device.is_this_device && !device.revoked_at);
  return (
    <Card role="region" className="grid gap-4 p-4 sm:p-6" aria-labelledby="till-devices-title">
      <div className="grid gap-1">
        <h2 id="till-devices-title" className="flex items-center gap-2 font-semibold text-lg">
          <MonitorSmartphoneIcon className="size-5" aria-hidden="true" />
          Till devices
        </h2>
        <p className="text-muted-foreground text-sm">
          Staff can sign in with a PIN only on these devices. Anyone else must use their email and password.
        </p>
      </div>
      {devices.isPending ? (
        <Skeleton className="h-24 rounded-lg" role="status" aria-label="Loading till devices" />
      ) : devices.isError ? (
        <ErrorState title="Error Loading Till Devices" message={devices.error.message} />
      ) : (
        <>
          {thisDevice ? (
            <p className="flex items-center gap-2 rounded-lg bg-muted/60 p-3 text-sm">
              <ShieldCheckIcon className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" />
              This device is a till: <strong>{thisDevice.name}</strong>
            </p>
          ) : me?.session.auth_method === 'pin' ? (
            <p className="rounded-lg bg-muted/60 p-3 text-sm">
              To trust this device as a till, sign in here with your email and password (not a PIN).
            </p>
          ) : (
            <TrustForm />
          )}
          {list.length === 0 ? (
            <p className="text-muted-foreground text-sm">No till devices yet.</p>
          ) : (
            <DeviceTable devices={list} />
          )}
        </>
      )}
    </Card>
  );
}

function TrustForm() {
  const trust = useTrustThisDevice();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      aria-label="Trust this device as a till"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        trust.mutate(name, {
          onSuccess: ({ device }) => {
            setName('');
            toast.success('Till Device Trusted', {
              description: `${device.name}: staff can sign in with a PIN here.`,
            });
          },
          onError: (failure) => {
            const message =
              (isApiError(failure) && failure.fields?.name) ||
              actionErrorMessage(failure, 'trust till devices');
            setError(message);
            toast.error('Failed to Trust Device', { description: message });
          },
        });
      }}
    >
      <FormField
        id="till-name"
        label="Name of this till"
        error={error ?? undefined}
        className="min-w-56 flex-1"
      >
        <Input
          placeholder="e.g. Front counter"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={!name.trim() || trust.isPending}>
        {trust.isPending && <Spinner label="Saving" />}
        Trust this device as a till
      </Button>
    </form>
  );
}

function DeviceTable({ devices }: { devices: TillDevice[] }) {
  const { timezone } = useBusiness();
  const revoke = useRevokeDevice();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Table aria-label="Till devices">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className={WIDE_SCREEN_COLUMN}>Trusted by</TableHead>
            <TableHead className={WIDE_SCREEN_COLUMN}>Added</TableHead>
            <TableHead className={WIDE_SCREEN_COLUMN}>Last PIN sign-in</TableHead>
            <TableHead className={WIDE_SCREEN_COLUMN}>Status</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {devices.map((device) => {
            const lastUsed = device.last_used_at ? formatDateTime(device.last_used_at, timezone) : 'Never';
            const status = device.revoked_at ? (
              <Badge variant="outline">Revoked</Badge>
            ) : (
              <Badge className="bg-green-600 text-white">Trusted</Badge>
            );
            return (
              <TableRow key={device.id}>
                <TableCell className={cn('font-medium', WRAPS_ON_PHONE)}>
                  {device.name}
                  {device.is_this_device && (
                    <span className="ml-1 text-muted-foreground text-xs">(this device)</span>
                  )}
                  <TableCellPhoneDetails>
                    {status}
                    <span>Trusted by {device.trusted_by_name}</span>
                    <span>Last PIN sign-in: {lastUsed}</span>
                  </TableCellPhoneDetails>
                </TableCell>
                <TableCell className={WIDE_SCREEN_COLUMN}>{device.trusted_by_name}</TableCell>
                <TableCell className={cn('text-sm', WIDE_SCREEN_COLUMN)}>
                  {formatDateTime(device.created_at, timezone)}
                </TableCell>
                <TableCell className={cn('text-sm', WIDE_SCREEN_COLUMN)}>{lastUsed}</TableCell>
                <TableCell className={WIDE_SCREEN_COLUMN}>{status}</TableCell>
                <TableCell>
                  {!device.revoked_at && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-destructive"
                      disabled={revoke.isPending}
                      aria-label={`Revoke ${device.name}`}
                      onClick={() =>
                        revoke.mutate(device.id, {
                          onSuccess: () => {
                            setError(null);
                            toast.success('Till Device Revoked', { description: device.name });
                          },
                          onError: (failure) => {
                            const message = actionErrorMessage(failure, 'revoke till devices');
                            setError(message);
                            toast.error('Failed to Revoke Device', { description: message });
                          },
                        })
                      }
                    >
                      Revoke
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {error && (
        <p role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </>
  );
}
