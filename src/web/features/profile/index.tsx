import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useMe } from '#web/lib/session.ts';
import { ChangePasswordForm } from './components/change-password-form.tsx';
import { ChangePinForm } from './components/change-pin-form.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { SessionList } from './components/session-list.tsx';

const ROLE_LABELS: Record<string, string> = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' };

/** The signed-in person's own page: details, password, till PIN, sessions. */
export default function ProfilePage() {
  const me = useMe().data;
  if (!me) return null;
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">My profile</h1>
        <p className="text-muted-foreground">
          {ROLE_LABELS[me.role] ?? me.role} at {me.business.name}
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Your details</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ProfileForm me={me} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Password</h2>
          </CardTitle>
          <CardDescription>Changing it signs you out on your other devices.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Change PIN</h2>
          </CardTitle>
          <CardDescription>
            The six digits you sign in with at the till. No one else in the business may use the same PIN.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePinForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Where you are signed in</h2>
          </CardTitle>
          <CardDescription>Sign out a device you no longer use, or every device at once.</CardDescription>
        </CardHeader>
        <CardContent>
          <SessionList />
        </CardContent>
      </Card>
    </div>
  );
}
