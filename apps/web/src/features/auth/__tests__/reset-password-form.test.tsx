import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResetPasswordForm } from '../components/reset-password-form';

const setup = () => {
  const onSubmit = vi.fn(async () => {});
  render(<ResetPasswordForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
};

describe('ResetPasswordForm', () => {
  it("shows '* Passwords must match' together with the new password's own message", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('* Passwords must match')).toBeInTheDocument();
    expect(screen.getByText('* New password must be at least 8 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the confirmation instead of calling a blank one a mismatch', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('New Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('* Confirm password is required')).toBeInTheDocument();
    expect(screen.queryByText('* Passwords must match')).not.toBeInTheDocument();
  });

  it('submits the new password typed twice', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('New Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm New Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { newPassword: 'long-enough', confirmPassword: 'long-enough' },
        expect.anything(),
      ),
    );
  });
});
