import { WASH_CLUB_PAGE } from '@carcare/contracts/plans-constants';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, publicConfigBody, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { WashClubPage } from '../pages/wash-club-page';
import { FAMILY_CLUB, planListBody, TEN_WASH_PACK, WASH_CLUB } from './plan-fixtures';

const routes: RouteObject[] = [{ path: '/wash-club', Component: WashClubPage }];

const fetchMock = stubFetch();
const paths = () => fetchMock.mock.calls.map(([input]) => new URL(requestOf(input).url).pathname);

/** Answers GET /api/config in `currency` and GET /api/plans with `plans`. */
const serve = (plans: () => Response, currency = 'USD') =>
  fetchMock.mockImplementation(async (input) =>
    new URL(requestOf(input).url).pathname === '/api/config' ? jsonResponse(200, publicConfigBody(currency)) : plans(),
  );

const renderPage = () => renderRoutes(routes, { path: '/wash-club', session: signedOut });

/** The card of one plan, found by its heading. */
const cardOf = (name: string) => {
  const card = screen.getByRole('heading', { level: 2, name }).closest('article');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
};

describe('the Wash club page', { timeout: 20_000 }, () => {
  it('offers each plan with its price, washes, vehicles and what it covers, memberships first', async () => {
    serve(() => jsonResponse(200, planListBody([WASH_CLUB, FAMILY_CLUB, TEN_WASH_PACK])));
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: WASH_CLUB_PAGE.title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Wash Club' })).toBeInTheDocument();
    expect(paths()).toContain('/api/plans');
    const list = screen.getByRole('list', { name: 'Plans' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Wash Club', 'Family Club', '10-Wash Pack']);

    const club = cardOf('Wash Club');
    expect(within(club).getByText('Membership')).toBeInTheDocument();
    expect(within(club).getByText('$39 a month')).toBeInTheDocument();
    expect(within(club).getByText('Unlimited express washes for one car.')).toBeInTheDocument();
    expect(
      within(club)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Unlimited washes', '1 wash a day', 'For 1 vehicle']);
    expect(club).toHaveTextContent('Covers: Express Exterior Wash');
    expect(club).toHaveTextContent('Add-ons included: Tyre shine');

    const family = cardOf('Family Club');
    expect(within(family).getByText('$999 a year')).toBeInTheDocument();
    expect(
      within(family)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['8 washes a year', 'Up to 2 washes a day', 'For 2 vehicles']);
    expect(family).toHaveTextContent('Covers: Express Exterior Wash, Wash & Vacuum Combo');
    expect(family).not.toHaveTextContent('Add-ons included');

    const pack = cardOf('10-Wash Pack');
    expect(within(pack).getByText('Pack')).toBeInTheDocument();
    expect(within(pack).getByText('$200 once')).toBeInTheDocument();
    expect(within(pack).getByText('10 washes, valid 365 days')).toBeInTheDocument();
  });

  it("links each plan's Join to the customer's membership page with the plan chosen", async () => {
    serve(() => jsonResponse(200, planListBody([WASH_CLUB, TEN_WASH_PACK])));
    renderPage();

    const join = await screen.findByRole('link', { name: 'Join: Wash Club' });
    expect(join).toHaveTextContent(WASH_CLUB_PAGE.join);
    expect(join).toHaveAttribute('href', `/dashboard/user/membership?plan=${WASH_CLUB._id}`);
    expect(screen.getByRole('link', { name: 'Join: 10-Wash Pack' })).toHaveAttribute(
      'href',
      `/dashboard/user/membership?plan=${TEN_WASH_PACK._id}`,
    );
  });

  it('prices in the shop’s currency', async () => {
    serve(() => jsonResponse(200, planListBody([WASH_CLUB])), 'EUR');
    renderPage();
    expect(await screen.findByText('€39 a month')).toBeInTheDocument();
  });

  it('says so when no plan is on offer, and when the plans cannot be loaded', async () => {
    serve(() => jsonResponse(200, planListBody([])));
    const { unmount } = renderPage();
    expect(await screen.findByText(WASH_CLUB_PAGE.empty)).toBeInTheDocument();
    unmount();

    serve(() => jsonResponse(500, { success: false, message: 'boom' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(WASH_CLUB_PAGE.loadFailed);
  });

  it('names itself for search engines', async () => {
    serve(() => jsonResponse(200, planListBody([WASH_CLUB])));
    renderPage();
    await waitFor(() => expect(document.title).toBe('Wash club | CarCare'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      expect.stringMatching(/\/wash-club$/),
    );
  });
});
