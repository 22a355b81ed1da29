import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RegisterForm } from '../components/register-form';

const setup = () => {
  const onSubmit = vi.fn(async () => {});
  render(<RegisterForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
};

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create Account' }));

const fillValid = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('First Name'), 'Jane');
  await user.type(screen.getByLabelText('Last Name'), 'Doe');
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Address'), '12 Road, Dhaka');
  await user.type(screen.getByLabelText('Phone'), '1712345678');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret-password');
};

describe('RegisterForm', () => {
  it('shows every required-field message on an empty submit', async () => {
    const { onSubmit, user } = setup();
    await submit(user);

    expect(await screen.findByText('* First name is required')).toBeInTheDocument();
    for (const message of [
      '* Last name is required',
      '* Email is required',
      '* Address is required',
      'Contact number is required',
      '* Password is required',
      '* Confirm password is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email, mismatched passwords and an invalid phone number', async () => {
    const { onSubmit, user } = setup();
    await fillValid(user);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jane@');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '123');
    expect(screen.getByLabelText('Phone')).toHaveValue('+880 123');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'another-password');
    await submit(user);

    expect(await screen.findByText('* Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('* Passwords must match')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows '* Passwords must match' together with the other fields' messages", async () => {
    const { onSubmit, user } = setup();
    await fillValid(user);
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Address'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jane@');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'another-password');
    await submit(user);

    expect(await screen.findByText('* Passwords must match')).toBeInTheDocument();
    expect(screen.getByText('* First name is required')).toBeInTheDocument();
    expect(screen.getByText('* Address is required')).toBeInTheDocument();
    expect(screen.getByText('* Invalid email address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts the phone number in Bangladesh and submits it in E.164 form', async () => {
    const { onSubmit, user } = setup();
    expect(screen.getByRole('combobox', { name: 'Phone number country' })).toHaveValue('BD');
    await fillValid(user);
    await submit(user);

    expect(onSubmit).toHaveBeenCalledWith(
      {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        address: '12 Road, Dhaka',
        phone: '+8801712345678',
        password: 'secret-password',
        confirmPassword: 'secret-password',
        textsAccepted: false,
      },
      expect.anything(),
    );
  });

  it('sends textsAccepted when the customer ticks Text me about my bookings', async () => {
    const { onSubmit, user } = setup();
    await fillValid(user);
    const consent = screen.getByRole('checkbox', { name: 'Text me about my bookings' });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await submit(user);

    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ textsAccepted: true }), expect.anything());
  });
});
