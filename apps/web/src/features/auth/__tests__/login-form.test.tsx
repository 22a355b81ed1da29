import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../components/login-form';

const setup = (onSubmit = vi.fn(async () => {})) => {
  render(<LoginForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
};

describe('LoginForm', () => {
  it('labels its fields and types the email field as email', () => {
    setup();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('asks for the email and the password when both are empty', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('* Email is required')).toBeInTheDocument();
    expect(screen.getByText('* Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email address', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toHaveTextContent('* Invalid email address');
    expect(screen.queryByText('* Password is required')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the validated payload and disables the button while submitting', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = setup(onSubmit);
    await user.type(screen.getByLabelText('Email'), 'Jane@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'jane@example.com', password: 'secret-password' },
      expect.anything(),
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    finish();
    // The button is there all along: what is awaited is the render after the submission settles.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });
});
