import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { useRegister } from '../hooks/use-register';

export const RegisterPage = () => {
  const registerCustomer = useRegister();
  return (
    <AuthCard
      title="Create an Account"
      description="Book your next car wash in a minute"
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
            Login
          </Link>
        </p>
      }
    >
      <RegisterForm onSubmit={registerCustomer} />
    </AuthCard>
  );
};
