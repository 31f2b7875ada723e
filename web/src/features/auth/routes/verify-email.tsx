import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useVerifyEmailMutation } from '../../../lib/api/auth.api.ts';
import { selectIsAuthenticated } from '../../../lib/auth/auth.slice.ts';

/** Verifies the token from the e-mail link as soon as the page opens, once. */
export const VerifyEmailRoute = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const authenticated = useSelector(selectIsAuthenticated);
  const [verify, { isUninitialized, isLoading, isSuccess, error, data }] = useVerifyEmailMutation();
  // Tokens are single-use: a second request (StrictMode re-running effects) would report failure.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void verify({ token });
  }, [token, verify]);

  const next = authenticated ? (
    <Link className="button button--primary button--block" to="/dashboard">
      Go to your dashboard
    </Link>
  ) : (
    <Link className="button button--primary button--block" to="/login">
      Continue to log in
    </Link>
  );

  if (!token) {
    return (
      <AuthLayout title="Verify your e-mail">
        <title>Verify your e-mail · Points Tracker</title>
        <FormAlert kind="error">This verification link is incomplete. Please use the link from your e-mail.</FormAlert>
        {next}
      </AuthLayout>
    );
  }

  if (isUninitialized || isLoading) {
    return (
      <AuthLayout title="Verifying your e-mail">
        <title>Verifying your e-mail · Points Tracker</title>
        <p className="loading-line" role="status">
          <span className="spinner spinner--dark" aria-hidden="true" />
          Checking your verification link…
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={isSuccess ? 'E-mail verified' : 'Verification failed'}>
      <title>{`${isSuccess ? 'E-mail verified' : 'Verification failed'} · Points Tracker`}</title>
      {isSuccess ? (
        <FormAlert kind="success">{data?.message}</FormAlert>
      ) : (
        <FormAlert kind="error">{errorMessage(error, 'Failed to verify the e-mail address')}</FormAlert>
      )}
      {next}
    </AuthLayout>
  );
};
