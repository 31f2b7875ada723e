import { useAppSelector } from '../../../app/hooks.ts';
import { useGetMeQuery } from '../../../lib/api/auth.api.ts';
import { selectCurrentUser } from '../../../lib/auth/auth.slice.ts';
import { WelcomePanel } from '../components/welcome-panel.tsx';

const todayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

export const DashboardRoute = () => {
  const user = useAppSelector(selectCurrentUser);
  // The layout shows why the profile could not be loaded; no spinner then.
  const { isError } = useGetMeQuery();
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <p className="page-header__eyebrow">{todayFormat.format(new Date())}</p>
          <h1 className="page-header__title">Dashboard</h1>
        </div>
      </header>
      {user ? (
        <WelcomePanel user={user} />
      ) : isError ? null : (
        <section className="panel panel--loading" aria-busy="true">
          <p className="loading-line" role="status">
            <span className="spinner spinner--dark" aria-hidden="true" />
            Loading your account…
          </p>
        </section>
      )}
    </div>
  );
};
