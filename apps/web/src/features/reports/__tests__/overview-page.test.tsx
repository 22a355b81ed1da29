import { OVERVIEW_PRICING_WORDS, REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { OverviewPage } from '../pages/overview-page';
import { aBusyOverview, aQuietOverview, NOW, queriesTo, serveApi } from './report-fixtures';

const fetchMock = stubFetch();
const requests: Request[] = [];

const overviewBody = (data: unknown) => ({ success: true, message: REPORT_MESSAGES.overviewRetrieved, data });

/** Answers every overview call with the busy fixture, whatever the range. */
const serveBusy = () =>
  serveApi(fetchMock, requests, { 'GET /api/admin/overview': () => jsonResponse(200, overviewBody(aBusyOverview())) });

const renderPage = (path = '/dashboard/admin/overview') =>
  renderRoutes([{ path: '/dashboard/admin/overview', Component: OverviewPage }], {
    path,
    session: signedIn(aUser({ role: 'admin' })),
  });

const overviewQueries = () => queriesTo(requests, '/api/admin/overview');

/** A figure's card as its lines read: label, value, change, detail. */
const card = (label: string) =>
  Array.from(screen.getByRole('article', { name: label }).children).map((line) => line.textContent);

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

beforeEach(() => {
  requests.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Overview', { timeout: 30_000 }, () => {
  it('shows each figure of the 30 days ending today where the business is, beside the 30 days before', async () => {
    serveBusy();
    renderPage();

    expect(await screen.findByRole('article', { name: 'Revenue' })).toBeInTheDocument();
    // 20:30 UTC on 10 May is 02:30 on 11 May in Dhaka: the range ends on the business's today.
    expect(overviewQueries()).toEqual(['?from=2030-04-12&to=2030-05-11']);
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Friday, Apr 12, 2030 – Saturday, May 11, 2030')).toBeInTheDocument();

    expect(card('Revenue')).toEqual([
      'Revenue',
      '$1,250.50',
      '+25% vs previous 30 days',
      '$1,300.50 paid, $50 refunded',
    ]);
    expect(card('Bookings')).toEqual([
      'Bookings',
      '36',
      '+20% vs previous 30 days',
      '20 completed · 2 no-show · 3 cancelled',
    ]);
    expect(card('Occupancy')).toEqual(['Occupancy', '30%', '+5 pts vs previous 30 days', '30 of 100 bay hours booked']);
    expect(card('No-show rate')).toEqual([
      'No-show rate',
      '9%',
      '-3 pts vs previous 30 days',
      'Of 22 bookings with an outcome',
    ]);
    // Nobody new in the previous period: there is no percentage to give.
    expect(card('New customers')).toEqual(['New customers', '8', '—']);
    expect(card('Average rating')).toEqual(['Average rating', '4.6', '+0.2 vs previous 30 days', 'From 5 reviews']);

    // A fall in no-shows is good news, a rise in revenue too.
    const change = (label: string) => within(screen.getByRole('article', { name: label })).getByText(/vs previous/);
    expect(change('No-show rate')).toHaveClass('text-success');
    expect(change('Revenue')).toHaveClass('text-success');
  });

  it("shows the ledger's money: collected, refunded, held and owed, and collected by method", async () => {
    serveBusy();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Money in the ledger' });
    const figure = (label: string) => within(section).getByText(label).nextElementSibling?.textContent;
    expect(figure('Collected')).toBe('$1,250.50');
    expect(figure('Refunded')).toBe('$50');
    expect(figure('Deposits held')).toBe('$0');
    expect(figure('Balances outstanding')).toBe('$0');
    const methods = within(within(section).getByLabelText('Collected by method'))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(methods).toEqual([
      ['Online', '$1,100.50'],
      ['Card on file', '$0'],
      ['Cash', '$150'],
      ['Card at the counter', '$50'],
    ]);
  });

  it('shows the wash club: what its live memberships bill a month, its members, failed renewals and washes', async () => {
    serveBusy();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Wash club' });
    const figures = within(section)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Monthly recurring revenue', '$1,287'],
      ['Active members', '33'],
      ['New members', '6'],
      ['Cancelled members', '2'],
      ['Failed payments', '1'],
      ['Washes used', '140'],
      ['Club money collected', '$1,249.50'],
    ]);
  });

  it('shows the bookings won back from the waitlist and their revenue', async () => {
    serveBusy();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const figures = within(section)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Bookings won back', '4'],
      ['Revenue won back', '$182'],
    ]);
  });

  it('gives every chart a table of its exact figures, and shows it on request', async () => {
    serveBusy();
    renderPage();
    const user = userEvent.setup({ delay: null });

    const revenue = await screen.findByRole('table', { name: 'Revenue and bookings per day' });
    const revenueRows = rowsOf(revenue);
    expect(revenueRows).toHaveLength(31);
    expect(revenueRows[0]).toEqual(['Day', 'Revenue', 'Bookings']);
    expect(revenueRows[1]).toEqual(['Apr 12, 2030', '$0', '0']);
    expect(revenueRows.slice(-2)).toEqual([
      ['May 10, 2030', '$129.99', '3'],
      ['May 11, 2030', '$45', '1'],
    ]);

    expect(rowsOf(screen.getByRole('table', { name: 'Bookings per service, most booked first' }))).toEqual([
      ['Service', 'Bookings'],
      ['Premium Wash', '20'],
      ['Interior Detail', '13'],
    ]);

    // Hours from the earliest to the latest with demand; weekdays Monday first.
    const demandRows = rowsOf(
      screen.getByRole('table', { name: 'Bookings by weekday and the hour their slot starts' }),
    );
    expect(demandRows[0]).toEqual(['', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00']);
    expect(demandRows.slice(1).map((row) => row[0])).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(demandRows[1]).toEqual(['Mon', '4', '0', '0', '0', '0', '0']);
    expect(demandRows[6]).toEqual(['Sat', '0', '0', '2', '0', '0', '7']);

    // The drawing is there (bars in the theme's colour) and hidden from screen readers, which read the table.
    const revenueSection = screen.getByRole('region', { name: 'Revenue per day' });
    const drawing = revenueSection.querySelector('.recharts-surface');
    expect(drawing?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(revenue.closest('.sr-only')).not.toBeNull();

    const toggle = within(revenueSection).getByRole('button', { name: 'Show as table' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(revenueSection.querySelector('.recharts-surface')).toBeNull();
    expect(screen.getByRole('table', { name: 'Revenue and bookings per day' }).closest('.sr-only')).toBeNull();
  });

  it('shows the revenue by vehicle class, and the add-ons: attach rate, revenue and the top ones', async () => {
    serveBusy();
    renderPage();

    const classes = await screen.findByRole('table', { name: OVERVIEW_PRICING_WORDS.revenueByClassCaption });
    expect(rowsOf(classes)).toEqual([
      ['Class', 'Revenue', 'Bookings'],
      ['SUV', '$820.50', '9'],
      ['Sedan', '$380', '8'],
      [OVERVIEW_PRICING_WORDS.noClass, '$50', '2'],
    ]);
    const chart = screen.getByRole('region', { name: OVERVIEW_PRICING_WORDS.revenueByClass });
    expect(chart.querySelector('.recharts-surface')?.closest('[aria-hidden="true"]')).not.toBeNull();

    const addOns = screen.getByRole('region', { name: OVERVIEW_PRICING_WORDS.addOns });
    const figures = Array.from(addOns.querySelectorAll('dt'), (term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(figures).toEqual([
      [OVERVIEW_PRICING_WORDS.attachRate, '42%'],
      [OVERVIEW_PRICING_WORDS.addOnRevenue, '$310'],
    ]);
    expect(
      within(within(addOns).getByRole('list', { name: OVERVIEW_PRICING_WORDS.topAddOns }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Engine bay$160 · 4 bookings', 'Pet hair removal$150 · 6 bookings']);
  });

  it('says when no add-on was booked, with no attach rate to give', async () => {
    serveApi(fetchMock, requests, {
      'GET /api/admin/overview': () =>
        jsonResponse(
          200,
          overviewBody({
            ...aBusyOverview(),
            addOns: { attachRate: null, revenue: 0, byAddOn: [] },
            revenueByClass: [],
          }),
        ),
    });
    renderPage();

    const addOns = await screen.findByRole('region', { name: OVERVIEW_PRICING_WORDS.addOns });
    expect(addOns).toHaveTextContent(OVERVIEW_PRICING_WORDS.noAddOns);
    expect(within(addOns).getByText(OVERVIEW_PRICING_WORDS.attachRate).nextElementSibling).toHaveTextContent('—');
  });

  it('writes the chosen preset to the URL and asks for its days ending today', async () => {
    serveBusy();
    const { router } = renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Revenue' });

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(router.state.location.search).toBe('?range=7d');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(overviewQueries()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('?range=today');
    await waitFor(() => expect(overviewQueries()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: '12 months' }));
    expect(router.state.location.search).toBe('?range=12m');
    await waitFor(() => expect(overviewQueries()).toHaveLength(4));

    expect(overviewQueries()).toEqual([
      '?from=2030-04-12&to=2030-05-11',
      '?from=2030-05-05&to=2030-05-11',
      '?from=2030-05-11&to=2030-05-11',
      '?from=2029-05-12&to=2030-05-11',
    ]);
    // The inputs show the preset's days.
    expect(screen.getByLabelText('From')).toHaveValue('2029-05-12');
    expect(screen.getByLabelText('To')).toHaveValue('2030-05-11');
  });

  it('writes a custom range to the URL and asks for exactly it, comparing with as many days before', async () => {
    serveApi(fetchMock, requests, {
      'GET /api/admin/overview': () =>
        jsonResponse(
          200,
          overviewBody({
            ...aBusyOverview(),
            current: { ...aBusyOverview().current, from: '2030-01-01', to: '2030-01-31' },
          }),
        ),
    });
    const { router } = renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Revenue' });

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2030-01-01');
    await user.clear(to);
    await user.type(to, '2030-01-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(router.state.location.search).toBe('?from=2030-01-01&to=2030-01-31');
    await waitFor(() =>
      expect(overviewQueries()).toEqual(['?from=2030-04-12&to=2030-05-11', '?from=2030-01-01&to=2030-01-31']),
    );
    for (const preset of ['Today', '7 days', '30 days', '12 months']) {
      expect(screen.getByRole('button', { name: preset })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(await screen.findAllByText('+25% vs previous 31 days')).toHaveLength(1);
  });

  it("refuses a reversed custom range with the API's message, and asks for nothing", async () => {
    serveBusy();
    const { router } = renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Revenue' });

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2030-06-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(REPORT_MESSAGES.rangeReversed)).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    expect(overviewQueries()).toHaveLength(1);
  });

  it('opens a bookmarked range as written and shows what the API says is wrong with it', async () => {
    serveApi(fetchMock, requests, {
      'GET /api/admin/overview': () =>
        jsonResponse(400, {
          success: false,
          message: REPORT_MESSAGES.rangeTooLong,
          errors: [{ path: 'to', message: REPORT_MESSAGES.rangeTooLong }],
        }),
    });
    renderPage('/dashboard/admin/overview?from=2020-01-01&to=2030-01-01');

    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.rangeTooLong);
    expect(overviewQueries()).toEqual(['?from=2020-01-01&to=2030-01-01']);
  });

  it('says so when nothing happened in the range, and draws no chart', async () => {
    serveApi(fetchMock, requests, {
      'GET /api/admin/overview': () => jsonResponse(200, overviewBody(aQuietOverview('2030-05-11', '2030-05-11'))),
    });
    renderPage('/dashboard/admin/overview?range=today');

    expect(await screen.findByText(REPORT_MESSAGES.overviewEmpty)).toBeInTheDocument();
    expect(overviewQueries()).toEqual(['?from=2030-05-11&to=2030-05-11']);
    expect(card('Revenue')).toEqual(['Revenue', '$0', '—', '$0 paid, $0 refunded']);
    expect(card('Occupancy')).toEqual(['Occupancy', '—', '—', '0 of 0 bay hours booked']);
    expect(screen.queryByRole('region', { name: 'Revenue per day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(document.querySelector('.recharts-surface')).toBeNull();
  });
});
