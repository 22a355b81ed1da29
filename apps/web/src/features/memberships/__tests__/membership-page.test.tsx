import type { Membership } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aVehicle, ok, okList } from '@/features/garage/__tests__/garage-fixtures';
import { aPublicConfig, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { MembershipPage } from '../pages/membership-page';
import { aMembership, aPlan, PLAN_ID } from './membership-fixtures';

const fetchMock = stubFetch();

const PACK = aMembership(2, {
  plan: { ...aMembership(2).plan, kind: 'pack', name: '10-Wash Pack', price: 150, interval: null, washes: 10 },
  washesUsed: 3,
  washesLeft: 7,
  periodEnd: '2031-05-01T10:00:00.000Z',
});

type Sent = { method: string; path: string; body: string };

/** The member's API: their memberships (as they stand), their garage, the plan the link names. */
const serve = (start: Membership[], answers: Record<string, () => Response> = {}) => {
  let memberships = [...start];
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const path = new URL(request.url).pathname;
    if (request.method === 'POST') sent.push({ method: request.method, path, body: await request.text() });
    const answer = answers[`${request.method} ${path}`];
    if (answer) {
      const response = answer();
      if (path.endsWith('/cancel') && response.ok) {
        memberships = memberships.map((each) =>
          path.includes(each._id) ? { ...each, cancelAtPeriodEnd: true } : each,
        );
      }
      return response;
    }
    if (path === '/api/config') return jsonResponse(200, ok('Configuration', aPublicConfig()));
    if (path === '/api/memberships/mine') return jsonResponse(200, ok(MEMBERSHIP_MESSAGES.retrieved, memberships));
    if (path === '/api/vehicles')
      return jsonResponse(
        200,
        okList('Vehicles retrieved', [aVehicle(1), aVehicle(2, { model: 'Corolla', plate: 'XYZ9' })]),
      );
    if (path === `/api/plans/${PLAN_ID}`) return jsonResponse(200, ok('Plan retrieved', aPlan()));
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return sent;
};

const renderPage = (path = '/') =>
  renderRoutes([{ path: '/', Component: MembershipPage }], { path, session: signedIn() });

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('the member’s wash club', () => {
  it('shows each membership and pack: price, cars, washes left, and when it renews or runs out', async () => {
    serve([
      aMembership(1),
      PACK,
      aMembership(3, {
        plan: { ...aMembership(3).plan, name: 'Old Club' },
        status: 'ended',
        endedAt: '2030-04-01T10:00:00.000Z',
      }),
    ]);
    renderPage();

    const club = await screen.findByRole('article', { name: 'Wash Club' });
    expect(within(club).getByText('$29.99 a month')).toBeInTheDocument();
    expect(within(club).getByText('Active')).toBeInTheDocument();
    expect(within(club).getByText('2021 Toyota RAV4 (ABC123)')).toBeInTheDocument();
    expect(within(club).getByText('Unlimited')).toBeInTheDocument();
    expect(within(club).getByText('Renews on').nextSibling).toHaveTextContent('Jun 1, 2030');
    expect(within(club).getByRole('button', { name: 'Cancel membership' })).toBeEnabled();

    const pack = screen.getByRole('article', { name: '10-Wash Pack' });
    expect(within(pack).getByText('$150')).toBeInTheDocument();
    expect(within(pack).getByText('7 of 10 left')).toBeInTheDocument();
    expect(within(pack).getByText('Valid until').nextSibling).toHaveTextContent('May 1, 2031');
    expect(within(pack).queryByRole('button', { name: 'Cancel membership' })).not.toBeInTheDocument();

    const old = screen.getByRole('article', { name: 'Old Club' });
    expect(within(old).getByText('Ended on').nextSibling).toHaveTextContent('Apr 1, 2030');
    expect(within(old).queryByText('Washes')).not.toBeInTheDocument();
  });

  it('opens the history of the washes a membership paid and its payments, read when opened', async () => {
    const member = aMembership(1);
    serve([member], {
      [`GET /api/memberships/${member._id}/history`]: () =>
        jsonResponse(
          200,
          ok(MEMBERSHIP_MESSAGES.retrieved, {
            washes: [
              {
                booking: '9a0d3a1e-0000-4000-8000-000000000001',
                service: 'Express Exterior Wash',
                date: '2030-05-20',
                vehicle: 'Toyota RAV4 (ABC123)',
                returned: false,
              },
              {
                booking: '9a0d3a1e-0000-4000-8000-000000000002',
                service: 'Express Exterior Wash',
                date: '2030-05-10',
                vehicle: 'Toyota RAV4 (ABC123)',
                returned: true,
              },
            ],
            payments: [
              { kind: 'subscription', method: 'online', amount: 29.99, createdAt: '2030-05-01T10:00:00.000Z' },
            ],
          }),
        ),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const club = await screen.findByRole('article', { name: 'Wash Club' });
    expect(fetchMock.mock.calls.some(([input]) => requestOf(input).url.includes('/history'))).toBe(false);
    await user.click(within(club).getByText('History'));
    const washes = await within(club).findByRole('region', { name: 'Washes' });
    expect(
      within(washes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'May 20, 2030 · Express Exterior Wash · Toyota RAV4 (ABC123)',
      'May 10, 2030 · Express Exterior Wash · Toyota RAV4 (ABC123) (given back)',
    ]);
    const payments = within(club).getByRole('region', { name: 'Payments' });
    expect(within(payments).getByRole('listitem')).toHaveTextContent('May 1, 2030 · Membership · $29.99');
  });

  it('says a failed renewal leaves washing to the grace, with the card update', async () => {
    serve([
      aMembership(1, {
        status: 'past_due',
        failedPayments: 1,
        graceUntil: '2030-06-08T10:00:00.000Z',
        cardUpdateUrl: '/pay/club/sbx_club_abc',
      }),
    ]);
    renderPage();
    const club = await screen.findByRole('article', { name: 'Wash Club' });
    expect(within(club).getByRole('alert')).toHaveTextContent(
      'Your last renewal was declined. You keep washing until Jun 8, 2030: update your card to keep your membership.',
    );
    expect(within(club).getByRole('link', { name: 'Update card' })).toHaveAttribute('href', '/pay/club/sbx_club_abc');
  });

  it('cancels in two clicks, saying nothing more is charged and until when it washes', async () => {
    const member = aMembership(1);
    const sent = serve([member], {
      [`POST /api/memberships/${member._id}/cancel`]: () =>
        jsonResponse(200, ok(MEMBERSHIP_MESSAGES.cancelled, { ...member, cancelAtPeriodEnd: true })),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Wash Club?' });
    expect(dialog).toHaveAccessibleDescription(
      'Nothing more is charged. Your washes continue until the end of the paid period, on Jun 1, 2030.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));

    expect(await screen.findByText('Membership cancelled')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/memberships/${member._id}/cancel`, body: '' }]);
    const club = await screen.findByRole('article', { name: 'Wash Club' });
    await waitFor(() => expect(within(club).getByText('Ends on')).toBeInTheDocument());
    expect(within(club).queryByRole('button', { name: 'Cancel membership' })).not.toBeInTheDocument();
  });

  it('joins the plan the link names: the cars ticked from the garage, then on to the checkout', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const sent = serve([], {
      'POST /api/memberships': () =>
        jsonResponse(
          201,
          ok(MEMBERSHIP_MESSAGES.joined, {
            membership: aMembership(4, { status: 'pending' }),
            payment_url: 'http://localhost/pay/club/sbx_club_new',
          }),
        ),
    });
    renderPage(`/?plan=${PLAN_ID}`);
    const user = userEvent.setup({ delay: null });

    const join = await screen.findByRole('region', { name: 'Join Family Club' });
    expect(within(join).getByText('$49.99 a month')).toBeInTheDocument();
    const cars = await within(join).findByRole('group', { name: 'The cars it is for (up to 2)' });
    await user.click(within(cars).getByRole('checkbox', { name: '2021 Toyota RAV4 (ABC123)' }));
    await user.click(within(cars).getByRole('checkbox', { name: '2021 Toyota Corolla (XYZ9)' }));
    await user.click(within(join).getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/pay/club/sbx_club_new'));
    expect(sent.map((each) => [each.path, JSON.parse(each.body)])).toEqual([
      ['/api/memberships', { plan: PLAN_ID, vehicles: [aVehicle(1)._id, aVehicle(2)._id] }],
    ]);
  });

  it('shows why joining was refused, under the cars', async () => {
    serve([], {
      'POST /api/memberships': () => jsonResponse(409, { success: false, message: MEMBERSHIP_MESSAGES.alreadyMember }),
    });
    renderPage(`/?plan=${PLAN_ID}`);
    const user = userEvent.setup({ delay: null });
    const join = await screen.findByRole('region', { name: 'Join Family Club' });
    await user.click(await within(join).findByRole('checkbox', { name: '2021 Toyota RAV4 (ABC123)' }));
    await user.click(within(join).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(join).findByText(MEMBERSHIP_MESSAGES.alreadyMember)).toBeInTheDocument();
  });
});
