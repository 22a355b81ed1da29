import type { Membership } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPublicConfig, aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { PlateLookup } from '../components/plate-lookup';

const fetchMock = stubFetch();

const CLUB: Membership = {
  _id: '6d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
  plan: {
    _id: '3c1f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
    kind: 'membership',
    name: 'Family Club',
    price: 99,
    interval: 'month',
    washes: 8,
    washesPerDay: 1,
    vehicles: 2,
  },
  status: 'active',
  vehicles: [
    {
      _id: '7e41c1e0-0000-4000-8000-000000000001',
      make: 'Toyota',
      model: 'RAV4',
      year: 2021,
      plate: 'AB12CD',
      nickname: '',
    },
  ],
  periodStart: '2030-05-01T10:00:00.000Z',
  periodEnd: '2030-06-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  pausedUntil: null,
  graceUntil: null,
  failedPayments: 0,
  comped: false,
  washesUsed: 3,
  washesLeft: 5,
  cardUpdateUrl: null,
  createdAt: '2030-05-01T10:00:00.000Z',
  endedAt: null,
};

/** The lookup's answers by plate, and every plate asked. */
const serve = (answers: Record<string, unknown>) => {
  const asked: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(requestOf(input).url);
    if (url.pathname === '/api/config')
      return jsonResponse(200, { success: true, message: 'ok', data: aPublicConfig() });
    if (url.pathname === '/api/memberships/lookup') {
      const plate = url.searchParams.get('plate') ?? '';
      asked.push(plate);
      const data = answers[plate];
      if (data === undefined) return jsonResponse(400, { success: false, message: MEMBERSHIP_MESSAGES.plateRequired });
      return jsonResponse(200, { success: true, message: MEMBERSHIP_MESSAGES.plateLookedUp, data });
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return asked;
};

const renderLookup = () =>
  renderRoutes([{ path: '/', Component: PlateLookup }], { path: '/', session: signedIn(aUser({ role: 'staff' })) });

describe("the counter's member lookup", () => {
  it('says at once that a plate is a member in good standing: whose, which cars, what is left', async () => {
    const asked = serve({
      'ab-12 cd': {
        plate: 'AB12CD',
        member: true,
        membership: { ...CLUB, customer: { firstName: 'Jane', lastName: 'Doe' } },
      },
    });
    renderLookup();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Plate' }), 'ab-12 cd');
    await user.click(screen.getByRole('button', { name: 'Look up' }));

    const answer = await screen.findByRole('status');
    expect(within(answer).getByText('Member in good standing: Family Club')).toBeInTheDocument();
    expect(within(answer).getByText('Jane Doe · 2021 Toyota RAV4 (AB12CD)')).toBeInTheDocument();
    expect(within(answer).getByText('Washes: 5 of 8 left this period')).toBeInTheDocument();
    expect(asked).toEqual(['ab-12 cd']);
  });

  it('says a plate is not a member, and names the plan of one that lapsed', async () => {
    serve({
      NOBODY: { plate: 'NOBODY', member: false, membership: null },
      LAPSED: {
        plate: 'LAPSED',
        member: false,
        membership: { ...CLUB, status: 'suspended', customer: { firstName: 'Jo', lastName: 'Bloggs' } },
      },
    });
    renderLookup();
    const user = userEvent.setup({ delay: null });
    const plate = screen.getByRole('textbox', { name: 'Plate' });
    await user.type(plate, 'NOBODY');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('NOBODY is not a member in good standing.')).toBeInTheDocument();

    await user.clear(plate);
    await user.type(plate, 'LAPSED');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Family Club: Suspended')).toBeInTheDocument();
    expect(screen.getByText('LAPSED is not a member in good standing.')).toBeInTheDocument();
  });
});
