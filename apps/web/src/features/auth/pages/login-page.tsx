import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { useSignIn } from '../hooks/use-sign-in';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export const LoginPage = () => {
  const signIn = useSignIn();
  return (
    <AuthCard
      title="Welcome Back!"
      description="Please log in to your account"
      footer={
        <>
          <p>
            Don't have an account?{' '}
            <Link to={paths.register} className={linkClass}>
              Create Account
            </Link>
          </p>
          <p>
            Don't remember your password?{' '}
            <Link to={paths.forgotPassword} className={linkClass}>
              Forgot password
            </Link>
          </p>
        </>
      }
    >
      <LoginForm onSubmit={signIn} />
    </AuthCard>
  );
};
