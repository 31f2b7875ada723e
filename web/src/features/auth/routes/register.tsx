import { Link } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { useRedirectAfterSignIn } from '../hooks/use-redirect-after-sign-in.ts';

/** A new account goes on to the start (a first habit and goal), or to the pending redirect. */
export const RegisterRoute = () => {
  const { keepingRedirect, proceedAfterRegistering } = useRedirectAfterSignIn();
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Set goals, build habits and earn points for every step."
      footer={
        <p>
          Already have an account? <Link to={keepingRedirect('/login')}>Log in instead</Link>
        </p>
      }
    >
      <title>Create account · Points Tracker</title>
      <RegisterForm autoFocus onRegistered={proceedAfterRegistering} />
    </AuthLayout>
  );
};
