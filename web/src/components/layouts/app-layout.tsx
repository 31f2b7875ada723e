import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { NavLink, Outlet } from 'react-router-dom';
import { errorMessage } from '../../lib/api/api-errors.ts';
import { isUnreachable } from '../../lib/offline/queued-change.ts';
import { useGetMeQuery } from '../../lib/api/auth.api.ts';
import { selectCurrentUser, selectSessionExpired } from '../../lib/auth/auth.slice.ts';
import { useLogout } from '../../lib/auth/use-logout.ts';
import { usePageHeadingFocus } from '../../lib/focus/use-heading-focus.ts';
import { OfflineStatus } from '../offline/offline-status.tsx';
import { SessionExpiredNotice } from '../session/session-expired-notice.tsx';
import { Brand } from './brand.tsx';
import './app-layout.css';
import { useReminderNotifications } from '../../lib/reminders/use-reminder-notifications.ts';

/** An entry of the main navigation; the app derives them from the features' screens (app/router.tsx). */
export interface NavigationEntry {
  to: string;
  label: string;
}

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

/**
 * The main navigation. Wide screens (1024 px and up, app-layout.css) show every entry in the header;
 * narrower ones show a Menu button that opens them as a panel under the header (a disclosure:
 * Escape, a click outside or choosing an entry closes it, and Escape puts focus back on the button).
 */
const MainNavigation = ({ navigation }: { navigation: readonly NavigationEntry[] }) => {
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  return (
    <nav
      ref={navRef}
      className={`app-nav${open ? ' app-nav--open' : ''}`}
      aria-label="Main"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="app-nav__toggle button button--ghost button--small"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d={open ? 'M5 5l10 10M15 5L5 15' : 'M3.5 6h13M3.5 10h13M3.5 14h13'} />
        </svg>
        Menu
      </button>
      <ul id={listId} className="app-nav__list">
        {navigation.map((item) => (
          <li key={item.to}>
            {/* NavLink marks the current section with aria-current="page" and the class "active". */}
            <NavLink to={item.to} className="app-nav__link" onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};

/** The signed-in shell: header with navigation, `tools` (quick add), the user and logout; pages render in the outlet. */
export const AppLayout = ({ navigation, tools }: { navigation: readonly NavigationEntry[]; tools?: ReactNode }) => {
  usePageHeadingFocus('main-content');
  const user = useSelector(selectCurrentUser);
  const sessionExpired = useSelector(selectSessionExpired);
  const logout = useLogout();
  // Refreshes the persisted user on every visit; the auth slice stores the answer.
  const { error: profileError } = useGetMeQuery();
  useReminderNotifications(user?.id);
  const name = user?.name ?? '';
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Brand to="/dashboard" />
          <MainNavigation navigation={navigation} />
          {tools}
          <div className="user-menu">
            <span className="avatar" aria-hidden="true" title={name}>
              {initialsOf(name)}
            </span>
            <span className="user-menu__name" data-testid="user-name" title={name}>
              {name}
            </span>
            <button type="button" className="button button--ghost button--small user-menu__logout" onClick={() => void logout()}>
              Log out
            </button>
          </div>
        </div>
      </header>
      <main id="main-content" className="app-main" tabIndex={-1}>
        <SessionExpiredNotice />
        <OfflineStatus />
        {/* A queued change the server refused, told in an alert of its own (the status region announces politely). */}
        <div id="offline-refusals" />
        {/* An expired session explains the failed profile read; the notice above says what to do. */}
        {!user && profileError && !sessionExpired && !isUnreachable(profileError) && (
          <div className="banner banner--error" role="alert">
            {errorMessage(profileError, 'Failed to get profile')}
          </div>
        )}
        <Outlet />
      </main>
    </div>
  );
};
