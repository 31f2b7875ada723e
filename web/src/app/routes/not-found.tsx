import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router-dom';
import { Brand } from '../../components/layouts/brand.tsx';
import { selectIsAuthenticated } from '../../lib/auth/auth.slice.ts';
import '../../components/layouts/auth-layout.css';
import './not-found.css';

export const NotFoundRoute = () => {
  const authenticated = useSelector(selectIsAuthenticated);
  const { pathname } = useLocation();
  return (
    <div className="auth-layout">
      <main className="auth-card not-found">
        <title>Page not found · Points Tracker</title>
        <div className="auth-card__brand">
          <Brand />
        </div>
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="auth-card__title">Page not found</h1>
        <p className="auth-card__subtitle">
          There is nothing at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </p>
        <Link className="button button--primary button--block" to={authenticated ? '/dashboard' : '/login'}>
          {authenticated ? 'Back to the dashboard' : 'Go to log in'}
        </Link>
      </main>
    </div>
  );
};
