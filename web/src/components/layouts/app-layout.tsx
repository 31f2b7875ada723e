import { useSelector } from 'react-redux';
import { NavLink, Outlet } from 'react-router-dom';
import { errorMessage } from '../../lib/api/api-errors.ts';
import { useGetMeQuery } from '../../lib/api/auth.api.ts';
import { selectCurrentUser } from '../../lib/auth/auth.slice.ts';
import { useLogout } from '../../lib/auth/use-logout.ts';
import { Brand } from './brand.tsx';

/** Sections of the signed-in app; later features add their entries here. */
const navigation = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/goals', label: 'Goals' },
  { to: '/actionables', label: 'Actionables' },
  { to: '/habits', label: 'Habits' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/audit', label: 'Points audit' },
  { to: '/profile', label: 'Profile' },
  { to: '/settings', label: 'Settings' },
] as const;

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

/** The signed-in shell: header with navigation, the user and logout; pages render in the outlet. */
export const AppLayout = () => {
  const user = useSelector(selectCurrentUser);
  const logout = useLogout();
  // Refreshes the persisted user on every visit; the auth slice stores the answer.
  const { error: profileError } = useGetMeQuery();
  const name = user?.name ?? '';
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Brand to="/dashboard" />
          <nav className="app-nav" aria-label="Main">
            <ul className="app-nav__list">
              {navigation.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="app-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="user-menu">
            <span className="avatar" aria-hidden="true">
              {initialsOf(name)}
            </span>
            <span className="user-menu__name" data-testid="user-name">
              {name}
            </span>
            <button type="button" className="button button--ghost button--small" onClick={() => void logout()}>
              Log out
            </button>
          </div>
        </div>
      </header>
      <main id="main-content" className="app-main" tabIndex={-1}>
        {!user && profileError && (
          <div className="banner banner--error" role="alert">
            {errorMessage(profileError, 'Failed to get profile')}
          </div>
        )}
        <Outlet />
      </main>
    </div>
  );
};
