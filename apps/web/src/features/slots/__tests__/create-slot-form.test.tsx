import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateSlotForm } from '../components/create-slot-form';

const SERVICE = { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Wash & Vacuum Combo' };

beforeAll(() => {
  // Radix Select relies on pointer capture and scrolling, which jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

const submitAndReadError = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Create Slot' }));
  return (await screen.findByRole('alert')).textContent;
};

describe('the create slot form', { timeout: 20_000 }, () => {
  it('reports one problem at a time in SPEC order and allows equal start and end times', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup({ delay: null });
    render(<CreateSlotForm services={[SERVICE]} onSubmit={onSubmit} onCancel={vi.fn()} />);

    expect(await submitAndReadError(user)).toBe('Please select a service for slot');

    await choose(user, 'Service', SERVICE.name);
    expect(await submitAndReadError(user)).toBe('Please select a date');

    const datePicker = screen.getByRole('button', { name: 'Date' });
    expect(datePicker).toHaveTextContent('Pick a date');
    await user.click(datePicker);
    const today = format(new Date(), 'yyyy-MM-dd');
    const todayButton = document.querySelector<HTMLButtonElement>(`[data-day="${today}"] button`);
    if (!todayButton) throw new Error('today is not in the calendar');
    await user.click(todayButton);
    expect(datePicker).toHaveTextContent(format(new Date(), 'MMM dd yyyy'));
    expect(await submitAndReadError(user)).toBe('Please select End time for slot');

    await choose(user, 'Start Time', '10:00');
    expect(await submitAndReadError(user)).toBe('Please select End time for slot');

    await choose(user, 'End Time', '09:00');
    expect(await submitAndReadError(user)).toBe("Start time can't be after the end time");
    expect(onSubmit).not.toHaveBeenCalled();

    await choose(user, 'End Time', '10:00');
    await user.click(screen.getByRole('button', { name: 'Create Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { service: SERVICE._id, date: today, startTime: '10:00', endTime: '10:00' },
      expect.anything(),
    );
  });

  it('offers the hourly times 01:00 to 23:00', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CreateSlotForm services={[SERVICE]} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('combobox', { name: 'Start Time' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      Array.from({ length: 23 }, (_, index) => `${String(index + 1).padStart(2, '0')}:00`),
    );
  });

  it('turns a cleared date selection into today', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CreateSlotForm services={[SERVICE]} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const datePicker = screen.getByRole('button', { name: 'Date' });
    const today = format(new Date(), 'yyyy-MM-dd');
    await user.click(datePicker);
    await user.click(document.querySelector<HTMLButtonElement>(`[data-day="${today}"] button`) ?? datePicker);
    await user.click(datePicker);
    // Clicking the chosen day again clears the selection, which the picker turns into today.
    await user.click(document.querySelector<HTMLButtonElement>(`[data-day="${today}"] button`) ?? datePicker);
    expect(datePicker).toHaveTextContent(format(new Date(), 'MMM dd yyyy'));
  });
});
