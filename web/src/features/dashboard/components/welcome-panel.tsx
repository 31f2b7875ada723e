import type { User } from '@tracker/contracts/users/http';
import { Link } from 'react-router-dom';
import './welcome-panel.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

const formatDate = (iso: string | null): string | undefined => {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : dateFormat.format(date);
};

const greeting = (hour: number): string => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

const hourIn = (timezone: string): number => {
  try {
    return Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: timezone }).format(new Date()));
  } catch {
    return new Date().getHours();
  }
};

export const WelcomePanel = ({ user }: { user: User }) => {
  const firstName = user.name.split(/\s+/)[0] || user.name;
  const memberSince = formatDate(user.createdAt);
  return (
    <section className="panel welcome-panel" aria-labelledby="welcome-title" data-testid="welcome-panel">
      <div className="welcome-panel__intro">
        <h2 id="welcome-title" className="welcome-panel__title">
          {greeting(hourIn(user.timezone))}, {firstName}
        </h2>
        <p className="welcome-panel__lead">Here is your account at a glance. Your goals, habits and points will appear on this page.</p>
      </div>
      <dl className="facts">
        <div className="fact">
          <dt className="fact__label">E-mail</dt>
          <dd className="fact__value" data-testid="user-email">
            {user.email}
          </dd>
        </div>
        <div className="fact">
          <dt className="fact__label">Time zone</dt>
          <dd className="fact__value" data-testid="user-timezone">
            {user.timezone.replaceAll('_', ' ')}
          </dd>
        </div>
        <div className="fact">
          <dt className="fact__label">Verification</dt>
          <dd className="fact__value" data-testid="user-verification">
            {user.emailVerified ? <span className="badge badge--success">Verified</span> : <span className="badge badge--warning">Not verified</span>}
          </dd>
        </div>
        {memberSince && (
          <div className="fact">
            <dt className="fact__label">Member since</dt>
            <dd className="fact__value">{memberSince}</dd>
          </div>
        )}
      </dl>
      {!user.emailVerified && (
        <p className="welcome-panel__note">
          We sent a verification link to <strong>{user.email}</strong>. Open it to confirm your address.
        </p>
      )}
      <div className="welcome-panel__actions">
        <Link className="button button--secondary" to="/profile">
          Update your details
        </Link>
      </div>
    </section>
  );
};
