import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../components/change-password-form';

describe('ChangePasswordForm', () => {
  it("shows '* Passwords must match' together with the other fields' messages", async () => {
    const onSubmit = vi.fn(async () => true);
    render(<ChangePasswordForm onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText('New Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm New Password'), 'long-enough-not');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('* Passwords must match')).toBeInTheDocument();
    expect(screen.getByText('* Old password is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
