import '@testing-library/jest-dom/vitest';
import type { ServiceInput } from '@carcare/contracts/services';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { ServiceForm } from '../components/manage/service-form';
import { aService } from './service-fixtures';

const renderForm = (props: Partial<Parameters<typeof ServiceForm>[0]> = {}) => {
  const onSubmit = vi.fn<(values: ServiceInput) => Promise<void>>().mockResolvedValue();
  render(
    <Dialog open>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Service</DialogTitle>
        <ServiceForm onSubmit={onSubmit} currency="USD" {...props} />
      </DialogContent>
    </Dialog>,
  );
  return { onSubmit, user: userEvent.setup() };
};

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save Service' }));

describe('service form', { timeout: 20_000 }, () => {
  it("shows SPEC section 5's messages for an empty form and submits nothing", async () => {
    const { onSubmit, user } = renderForm();
    await save(user);

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('duration is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a negative price and a blank name with their messages', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Description'), 'Foam and rinse');
    await user.type(screen.getByLabelText('Duration (minutes)'), '30');
    await user.type(screen.getByLabelText('Price ($)'), '-5');
    await save(user);

    expect(await screen.findByText('Price must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.queryByText('Description is required')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends duration and price as numbers', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Foam Wash');
    await user.type(screen.getByLabelText('Description'), 'Foam and rinse');
    await user.type(screen.getByLabelText('Duration (minutes)'), '45');
    await user.type(screen.getByLabelText('Price ($)'), '39.5');
    await save(user);

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Foam Wash',
      description: 'Foam and rinse',
      duration: 45,
      price: 39.5,
    });
  });

  it('is prefilled with the service being edited', () => {
    renderForm({ service: aService({ name: 'Polish', description: 'Machine polish', duration: 90, price: 89 }) });
    expect(screen.getByLabelText('Name')).toHaveValue('Polish');
    expect(screen.getByLabelText('Description')).toHaveValue('Machine polish');
    expect(screen.getByLabelText('Duration (minutes)')).toHaveValue(90);
    expect(screen.getByLabelText('Price ($)')).toHaveValue(89);
  });

  it("names the business's currency in the price label", () => {
    renderForm({ currency: 'EUR' });
    expect(screen.getByLabelText('Price (€)')).toBeInTheDocument();
  });
});
