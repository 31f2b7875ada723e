import { useAppSelector } from '../../../app/hooks.ts';
import { selectCurrentUser } from '../../../lib/auth/auth.slice.ts';
import { PanelHeader } from '../../../components/states/panel-header.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';

export const ProfileRoute = () => {
  const user = useAppSelector(selectCurrentUser);
  return (
    <div className="page page--narrow">
      <title>Profile · Points Tracker</title>
      <PageHeader eyebrow="Account" title="Profile" />
      <section className="panel" aria-labelledby="profile-details-title">
        <PanelHeader id="profile-details-title" title="Personal details" subtitle={user ? `Signed in as ${user.email}` : undefined} />
        {user ? (
          // Keyed by id so the form starts from the stored values when another user signs in.
          <ProfileForm key={user.id} user={user} />
        ) : (
          <p className="loading-line" role="status">
            <span className="spinner spinner--dark" aria-hidden="true" />
            Loading your profile…
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="password-title">
        <PanelHeader id="password-title" title="Change password" subtitle="You will need your current password." />
        <PasswordForm />
      </section>
    </div>
  );
};
