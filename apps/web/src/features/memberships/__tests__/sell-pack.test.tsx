import type { Plan } from '@carcare/contracts/plans';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { aPublicConfig, aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { SellPack } from '../components/sell-pack';

const fetchMock = stubFetch();

const plan = (overrides: Partial<Plan>): Plan => ({
  _id: '3c1f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
  kind: 'pack',
  name: '10-Wash Pack',
  description: '',
  price: 200,
  interval: null,
  washes: 10,
  washesPerDay: 1,
  vehicles: 1,
  validDays: 365,
  services: [],
  addOns: [],
  active: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});
const PACK = plan({});
const CLUB = plan({
  _id: '3c1f0a52-2c1e-4d8e-9a43-1f0b6c2e8a12',
  kind: 'membership',
  name: 'Wash Club',
  interval: 'month',
  price: 39,
  washes: null,
  validDays: null,
});
const CUSTOMER = {
  _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
  vehicles: [
    {
      _id: '7e41c1e0-0000-4000-8000-000000000001',
      make: 'Honda',
      model: 'Civic',
      plate: 'ABC1',
      vehicleClass: { _id: '7e41c1e0-0000-4000-8000-00000000000a', name: 'Sedan' },
    },
  ],
};

/** The counter's API: the plans on offer, and the sale (answered as given); every sale body is kept. */
const serve = (sale: () => Response) => {
  const sent: unknown[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/config') return jsonResponse(200, { success: true, message: 'ok', data: aPublicConfig() });
    if (path === '/api/plans')
      return jsonResponse(200, { success: true, message: 'Plans retrieved', data: [CLUB, PACK], totalDoc: 2 });
    if (path === '/api/memberships/counter' && request.method === 'POST') {
      sent.push(await request.json());
      return sale();
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return sent;
};

const CounterSale = () => <SellPack customer={CUSTOMER} />;

const renderSale = () =>
  renderRoutes([{ path: '/', Component: CounterSale }], {
    path: '/',
    session: signedIn(aUser({ role: 'staff' })),
  });

afterEach(() => {
  toast.dismiss();
});

describe('selling a pack at the counter', () => {
  it('offers the packs alone, sells one for the ticked car paid in cash, and says what was taken', async () => {
    const sent = serve(() =>
      jsonResponse(201, {
        success: true,
        message: MEMBERSHIP_MESSAGES.packSold,
        data: { plan: { name: '10-Wash Pack', price: 200 } },
      }),
    );
    renderSale();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sell a pack' }));
    const form = await screen.findByRole('form', { name: 'Sell a pack' });
    const packs = within(form).getByRole('combobox', { name: 'Pack' });
    await waitFor(() => expect(within(packs).getAllByRole('option')).toHaveLength(2));
    expect(
      within(packs)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a pack', '10-Wash Pack · $200']);
    await user.selectOptions(packs, PACK._id);
    await user.click(within(form).getByRole('checkbox', { name: 'Honda Civic (ABC1)' }));
    await user.click(within(form).getByRole('button', { name: 'Sell pack' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { customer: CUSTOMER._id, plan: PACK._id, vehicles: [CUSTOMER.vehicles[0]?._id], method: 'cash' },
      ]),
    );
  });

  it('shows why a sale was refused', async () => {
    serve(() => jsonResponse(409, { success: false, message: MEMBERSHIP_MESSAGES.planRetired }));
    renderSale();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sell a pack' }));
    const form = await screen.findByRole('form', { name: 'Sell a pack' });
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Pack' }), PACK._id);
    await user.click(within(form).getByRole('checkbox', { name: 'Honda Civic (ABC1)' }));
    await user.click(within(form).getByRole('radio', { name: 'Card at the counter' }));
    await user.click(within(form).getByRole('button', { name: 'Sell pack' }));
    expect(await within(form).findByText(MEMBERSHIP_MESSAGES.planRetired)).toBeInTheDocument();
  });
});
