import '@testing-library/jest-dom/vitest';
import type { Bay } from '@carcare/contracts/bays';
import type { ServiceInput } from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { ServiceForm } from '../components/manage/service-form';
import { aService } from './service-fixtures';

const bay = (index: number, overrides: Partial<Bay> = {}): Bay => ({
  _id: `b4a70000-0000-4000-8000-00000000000${index}`,
  name: `Bay ${index}`,
  active: true,
  sortOrder: index,
  services: [],
  ...overrides,
});

const BAYS = [bay(1), bay(2), bay(3, { active: false })];

const renderForm = (props: Partial<Parameters<typeof ServiceForm>[0]> = {}) => {
  const onSubmit = vi.fn<(values: ServiceInput) => Promise<void>>().mockResolvedValue();
  render(
    <Dialog open>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Service</DialogTitle>
        <ServiceForm onSubmit={onSubmit} currency="USD" bays={BAYS} {...props} />
      </DialogContent>
    </Dialog>,
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
};

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save Service' }));

beforeAll(() => {
  // Radix Select relies on pointer capture and scrolling, which jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

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

  it('sends duration and price as numbers, with no buffer and any bay by default', async () => {
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
      bufferMinutes: 0,
      bays: [],
      paymentMode: 'full',
    });
  });

  it("sends the buffer in minutes and the checked bays in the shop's order", async () => {
    const { onSubmit, user } = renderForm();
    expect(screen.getByRole('group', { name: 'Bays' })).toHaveAccessibleDescription('Any bay when none is checked');
    await user.type(screen.getByLabelText('Name'), 'Ceramic Coating');
    await user.type(screen.getByLabelText('Description'), 'Two layers');
    await user.type(screen.getByLabelText('Duration (minutes)'), '120');
    await user.type(screen.getByLabelText('Price ($)'), '349');
    await user.clear(screen.getByLabelText('Buffer (minutes)'));
    await user.type(screen.getByLabelText('Buffer (minutes)'), '45');
    await user.click(screen.getByRole('checkbox', { name: 'Bay 3 (inactive)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bay 1' }));
    await save(user);

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Ceramic Coating',
      description: 'Two layers',
      duration: 120,
      price: 349,
      bufferMinutes: 45,
      bays: [BAYS[0]?._id, BAYS[2]?._id],
      paymentMode: 'full',
    });
  });

  it.each([
    ['a negative buffer', '-5'],
    ['a fractional buffer', '2.5'],
    ['an empty buffer', ''],
  ])('refuses %s with the buffer message', async (_case, typed) => {
    const { onSubmit, user } = renderForm({ service: aService({ name: 'Polish' }) });
    await user.clear(screen.getByLabelText('Buffer (minutes)'));
    if (typed) await user.type(screen.getByLabelText('Buffer (minutes)'), typed);
    await save(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SERVICE_MESSAGES.bufferInvalid);
    expect(screen.getByLabelText('Buffer (minutes)')).toHaveAccessibleDescription(SERVICE_MESSAGES.bufferInvalid);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is prefilled with the service being edited', () => {
    renderForm({
      service: aService({
        name: 'Polish',
        description: 'Machine polish',
        duration: 90,
        price: 89,
        bufferMinutes: 20,
        bays: [BAYS[1]?._id ?? ''],
      }),
    });
    expect(screen.getByLabelText('Name')).toHaveValue('Polish');
    expect(screen.getByLabelText('Description')).toHaveValue('Machine polish');
    expect(screen.getByLabelText('Duration (minutes)')).toHaveValue(90);
    expect(screen.getByLabelText('Price ($)')).toHaveValue(89);
    expect(screen.getByLabelText('Buffer (minutes)')).toHaveValue(20);
    expect(screen.getByRole('checkbox', { name: 'Bay 2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bay 1' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bay 3 (inactive)' })).not.toBeChecked();
  });

  it("keeps SPEC section 5's four fields first, then the buffer and the bays", () => {
    renderForm();
    const fields = screen.getAllByRole('textbox').concat(screen.getAllByRole('spinbutton'));
    const inDocumentOrder = fields.sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    expect(inDocumentOrder.map((field) => field.id)).toEqual([
      'service-name',
      'service-description',
      'service-duration',
      'service-price',
      'service-buffer',
    ]);
  });

  it('offers how the service is paid online, with a line of help for the choice, and sends it', async () => {
    const { onSubmit, user } = renderForm({ service: aService({ name: 'Polish', paymentMode: 'card' }) });
    const mode = screen.getByRole('combobox', { name: 'Paid online' });
    expect(mode).toHaveTextContent('Nothing now, card saved');
    expect(mode).toHaveAccessibleDescription(
      'Nothing is taken online: the card is saved, and the job or a fee is charged to it later.',
    );

    await user.click(mode);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'In full',
      'A deposit',
      'Nothing now, card saved',
    ]);
    await user.click(screen.getByRole('option', { name: 'A deposit' }));
    expect(mode).toHaveAccessibleDescription(
      "The customer pays the shop's deposit online (see Settings) and the rest at the shop.",
    );
    await save(user);

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Polish', paymentMode: 'deposit' });
  });

  it('says a new service is paid in full online', () => {
    renderForm();
    const mode = screen.getByRole('combobox', { name: 'Paid online' });
    expect(mode).toHaveTextContent('In full');
    expect(mode).toHaveAccessibleDescription('The customer pays the whole price online when booking.');
  });

  it("names the business's currency in the price label", () => {
    renderForm({ currency: 'EUR' });
    expect(screen.getByLabelText('Price (€)')).toBeInTheDocument();
  });
});
