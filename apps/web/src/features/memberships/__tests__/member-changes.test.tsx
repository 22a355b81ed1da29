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

const FAMILY_ID = '3c1f0a52-2c1e-4d8e-9a43-1f0b6c2e8a22';
const PACK_ID = '3c1f0a52-2c1e-4d8e-9a43-1f0b6c2e8a33';
const COROLLA = aVehicle(2, { model: 'Corolla', plate: 'XYZ9' });

type Sent = { method: string; path: string; body: unknown };
/** How the API answers a change: its status and message, and the membership as it then stands. */
type Answer = { status: number; message: string; membership?: Membership };

/**
 * The member's API: their memberships as they stand after each change, their garage, the plans on offer, and
 * the change routes answering as told (in order, per route).
 */
const serve = (start: Membership[], answers: Record<string, Answer[]> = {}) => {
  let memberships = [...start];
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const path = new URL(request.url).pathname;
    const key = `${request.method} ${path}`;
    if (request.method !== 'GET') {
      const text = await request.text();
      sent.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      const answer = answers[key]?.shift();
      if (!answer) return jsonResponse(404, { success: false, message: 'Not found' });
      if (answer.status !== 200) return jsonResponse(answer.status, { success: false, message: answer.message });
      const changed = answer.membership as Membership;
      memberships = memberships.map((each) => (each._id === changed._id ? changed : each));
      return jsonResponse(200, ok(answer.message, changed));
    }
    if (path === '/api/config') return jsonResponse(200, ok('Configuration', aPublicConfig()));
    if (path === '/api/memberships/mine') return jsonResponse(200, ok(MEMBERSHIP_MESSAGES.retrieved, memberships));
    if (path === '/api/vehicles') return jsonResponse(200, okList('Vehicles retrieved', [aVehicle(1), COROLLA]));
    if (path === '/api/plans') {
      return jsonResponse(
        200,
        okList('Plans retrieved', [
          aPlan({ _id: PLAN_ID, name: 'Wash Club', price: 29.99, vehicles: 1, washes: null }),
          aPlan({ _id: FAMILY_ID }),
          aPlan({ _id: PACK_ID, kind: 'pack', name: '10-Wash Pack', interval: null, validDays: 365 }),
        ]),
      );
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return sent;
};

const renderPage = () => renderRoutes([{ path: '/', Component: MembershipPage }], { path: '/', session: signedIn() });
const user = () => userEvent.setup({ delay: null });
const card = (name = 'Wash Club') => screen.findByRole('article', { name });
const termOf = (element: HTMLElement, term: string) => element.querySelector('dl')?.textContent?.includes(term);

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('the member’s changes on the wash club page', () => {
  it('offers each change only where it applies', async () => {
    serve([
      aMembership(1),
      aMembership(2, { plan: { ...aMembership(2).plan, name: 'Yearly Club', interval: 'year' } }),
      aMembership(3, { plan: { ...aMembership(3).plan, name: 'Ending Club' }, cancelAtPeriodEnd: true }),
      aMembership(4, {
        plan: { ...aMembership(4).plan, kind: 'pack', name: '10-Wash Pack', interval: null, washes: 10 },
        washesLeft: 10,
      }),
    ]);
    renderPage();
    const buttonsOf = async (name: string) =>
      within(await card(name))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(await buttonsOf('Wash Club')).toEqual(['Pause', 'Change car', 'Switch plan', 'Cancel membership']);
    expect(await buttonsOf('Yearly Club')).toEqual(['Change car', 'Switch plan', 'Cancel membership']);
    expect(await buttonsOf('Ending Club')).toEqual(['Change car']);
    expect(await buttonsOf('10-Wash Pack')).toEqual(['Change car']);
  });

  it('pauses for the months chosen, from the end of the paid period, and then says when it resumes', async () => {
    const member = aMembership(1);
    const paused = { ...member, pausedUntil: '2030-08-01T10:00:00.000Z' };
    const sent = serve([member], {
      [`POST /api/memberships/${member._id}/pause`]: [
        { status: 200, message: MEMBERSHIP_MESSAGES.paused, membership: paused },
      ],
    });
    renderPage();
    const clicks = user();
    await clicks.click(within(await card()).getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause your Wash Club' });
    expect(dialog).toHaveAccessibleDescription(
      'Your washes continue until the end of the paid period, on Jun 1, 2030. Nothing is charged while paused, and billing restarts on its own when the pause ends.',
    );
    const months = within(dialog).getByRole('group', { name: 'Pause for' });
    expect(within(months).getByRole('radio', { name: '1 month' })).toBeChecked();
    await clicks.click(within(months).getByRole('radio', { name: '2 months' }));
    await clicks.click(within(dialog).getByRole('button', { name: 'Pause membership' }));

    expect(await screen.findByText('Paused from Jun 1, 2030 until Aug 1, 2030')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/memberships/${member._id}/pause`, body: { months: 2 } }]);
    const club = await card();
    await waitFor(() => expect(within(club).getByText('Pauses on').nextSibling).toHaveTextContent('Jun 1, 2030'));
    expect(within(club).getByText('Resumes on').nextSibling).toHaveTextContent('Aug 1, 2030');
    expect(within(club).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(within(club).queryByRole('button', { name: 'Switch plan' })).not.toBeInTheDocument();
    expect(within(club).getByRole('button', { name: 'Resume' })).toBeEnabled();
  });

  it('shows the server’s refusal of a pause in the dialog', async () => {
    const member = aMembership(1);
    serve([member], {
      [`POST /api/memberships/${member._id}/pause`]: [{ status: 409, message: MEMBERSHIP_MESSAGES.alreadyPaused }],
    });
    renderPage();
    const clicks = user();
    await clicks.click(within(await card()).getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause your Wash Club' });
    await clicks.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.alreadyPaused);
  });

  it('resumes a pause under way, saying a new period is charged now, or shows why it could not', async () => {
    const member = aMembership(1, { status: 'paused', pausedUntil: '2030-08-01T10:00:00.000Z' });
    const resumed = {
      ...member,
      status: 'active' as const,
      pausedUntil: null,
      periodStart: '2030-06-20T10:00:00.000Z',
      periodEnd: '2030-07-20T10:00:00.000Z',
    };
    const sent = serve([member], {
      [`POST /api/memberships/${member._id}/resume`]: [
        { status: 503, message: MEMBERSHIP_MESSAGES.providerUnavailable },
        { status: 200, message: MEMBERSHIP_MESSAGES.resumed, membership: resumed },
      ],
    });
    renderPage();
    const clicks = user();
    const club = await card();
    expect(within(club).getByText('Paused')).toBeInTheDocument();
    expect(within(club).getByText('Resumes on').nextSibling).toHaveTextContent('Aug 1, 2030');
    expect(termOf(club, 'Renews on')).toBe(false);

    await clicks.click(within(club).getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Resume your Wash Club now?' });
    expect(dialog).toHaveAccessibleDescription(
      'A new period starts today and $29.99 is charged now. Your washes start again at once.',
    );
    await clicks.click(within(dialog).getByRole('button', { name: 'Resume membership' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.providerUnavailable);
    await clicks.click(within(dialog).getByRole('button', { name: 'Resume membership' }));

    expect(await screen.findByText('Membership resumed')).toBeInTheDocument();
    expect(sent.map((each) => each.path)).toEqual([
      `/api/memberships/${member._id}/resume`,
      `/api/memberships/${member._id}/resume`,
    ]);
    await waitFor(() => expect(within(club).getByText('Renews on').nextSibling).toHaveTextContent('Jul 20, 2030'));
  });

  it('calls off a pause not yet begun, saying it renews as usual', async () => {
    const member = aMembership(1, { pausedUntil: '2030-08-01T10:00:00.000Z' });
    serve([member], {
      [`POST /api/memberships/${member._id}/resume`]: [
        { status: 200, message: MEMBERSHIP_MESSAGES.pauseCalledOff, membership: { ...member, pausedUntil: null } },
      ],
    });
    renderPage();
    const clicks = user();
    await clicks.click(within(await card()).getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Resume your Wash Club now?' });
    expect(dialog).toHaveAccessibleDescription(
      'The pause is called off: your membership renews as usual on Jun 1, 2030.',
    );
    await clicks.click(within(dialog).getByRole('button', { name: 'Resume membership' }));
    expect(await screen.findByText('Pause called off')).toBeInTheDocument();
  });

  it('changes the cars: the garage’s cars with those covered ticked, up to the plan’s count, and shows a refusal', async () => {
    const member = aMembership(1, {
      plan: { ...aMembership(1).plan, _id: FAMILY_ID, name: 'Family Club', vehicles: 2 },
    });
    const both = {
      ...member,
      vehicles: [
        ...member.vehicles,
        { _id: COROLLA._id, make: 'Toyota', model: 'Corolla', year: 2021, plate: 'XYZ9', nickname: '' },
      ],
    };
    const tooSoon = MEMBERSHIP_MESSAGES.vehicleChangeTooSoon('Jun 30, 2030');
    const sent = serve([member], {
      [`PUT /api/memberships/${member._id}/vehicles`]: [
        { status: 200, message: MEMBERSHIP_MESSAGES.vehiclesChanged, membership: both },
        { status: 409, message: tooSoon },
      ],
    });
    renderPage();
    const clicks = user();
    const club = await card('Family Club');
    await clicks.click(within(club).getByRole('button', { name: 'Change cars' }));
    const dialog = await screen.findByRole('dialog', { name: 'The cars of your Family Club' });
    expect(dialog).toHaveAccessibleDescription('Choose up to 2 cars. The cars can change once in 30 days.');
    expect(await within(dialog).findByRole('checkbox', { name: '2021 Toyota RAV4 (ABC123)' })).toBeChecked();
    const corolla = within(dialog).getByRole('checkbox', { name: '2021 Toyota Corolla (XYZ9)' });
    expect(corolla).not.toBeChecked();
    await clicks.click(corolla);
    await clicks.click(within(dialog).getByRole('button', { name: 'Save cars' }));

    expect(await screen.findByText('Cars changed')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/memberships/${member._id}/vehicles`,
        body: { vehicles: [aVehicle(1)._id, COROLLA._id] },
      },
    ]);
    await waitFor(() =>
      expect(within(club).getByText('2021 Toyota RAV4 (ABC123), 2021 Toyota Corolla (XYZ9)')).toBeInTheDocument(),
    );

    await clicks.click(within(club).getByRole('button', { name: 'Change cars' }));
    const again = await screen.findByRole('dialog', { name: 'The cars of your Family Club' });
    await clicks.click(await within(again).findByRole('checkbox', { name: '2021 Toyota RAV4 (ABC123)' }));
    await clicks.click(within(again).getByRole('button', { name: 'Save cars' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(tooSoon);
    expect(sent.at(-1)?.body).toEqual({ vehicles: [COROLLA._id] });
  });

  it('one car: choosing another replaces it', async () => {
    const member = aMembership(1);
    const sent = serve([member], {
      [`PUT /api/memberships/${member._id}/vehicles`]: [{ status: 409, message: MEMBERSHIP_MESSAGES.alreadyMember }],
    });
    renderPage();
    const clicks = user();
    await clicks.click(within(await card()).getByRole('button', { name: 'Change car' }));
    const dialog = await screen.findByRole('dialog', { name: 'The cars of your Wash Club' });
    await clicks.click(await within(dialog).findByRole('checkbox', { name: '2021 Toyota Corolla (XYZ9)' }));
    expect(within(dialog).getByRole('checkbox', { name: '2021 Toyota RAV4 (ABC123)' })).not.toBeChecked();
    await clicks.click(within(dialog).getByRole('button', { name: 'Save cars' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.alreadyMember);
    expect(sent.map((each) => each.body)).toEqual([{ vehicles: [COROLLA._id] }]);
  });

  it('switches to another membership plan on offer, saying how it is prorated, and shows a refusal', async () => {
    const member = aMembership(1);
    const switched = {
      ...member,
      plan: { ...member.plan, _id: FAMILY_ID, name: 'Family Club', price: 49.99, washes: 8, vehicles: 2 },
      periodStart: '2030-05-20T10:00:00.000Z',
      periodEnd: '2030-06-20T10:00:00.000Z',
    };
    const sent = serve([member], {
      [`POST /api/memberships/${member._id}/switch`]: [
        { status: 409, message: MEMBERSHIP_MESSAGES.switchDeclined },
        { status: 200, message: MEMBERSHIP_MESSAGES.switched, membership: switched },
      ],
    });
    renderPage();
    const clicks = user();
    await clicks.click(within(await card()).getByRole('button', { name: 'Switch plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch your Wash Club' });
    expect(dialog).toHaveAccessibleDescription(
      'The unused part of your paid period is credited against the new price and the rest is charged now; a new period starts today. A credit larger than the new price is not paid back.',
    );
    const choices = within(dialog).getByRole('group', { name: 'New plan' });
    // Neither the plan it is on nor a pack.
    expect((await within(choices).findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Family Club · $49.99 a month',
    ]);
    const confirm = within(dialog).getByRole('button', { name: 'Switch plan' });
    expect(confirm).toBeDisabled();
    await clicks.click(within(choices).getByRole('radio', { name: 'Family Club · $49.99 a month' }));
    await clicks.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.switchDeclined);
    await clicks.click(confirm);

    expect(await screen.findByText('Switched to Family Club')).toBeInTheDocument();
    expect(sent.map((each) => [each.path, each.body])).toEqual([
      [`/api/memberships/${member._id}/switch`, { plan: FAMILY_ID }],
      [`/api/memberships/${member._id}/switch`, { plan: FAMILY_ID }],
    ]);
    expect(await card('Family Club')).toBeInTheDocument();
  });
});
