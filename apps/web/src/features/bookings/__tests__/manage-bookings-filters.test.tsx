import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { MAX_SEARCH_LENGTH, REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageBookingsPage } from '../pages/manage-bookings-page';
import { aBooking } from './booking-fixtures';

type Handler = (request: Request) => Response | Promise<Response>;

const WASH = { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Wheel & Tyre Detail' };
const POLISH = { _id: '2c7f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Machine Polish' };
const BAY_1 = { _id: 'b4a70000-0000-4000-8000-000000000001', name: 'Bay 1', active: true, sortOrder: 1, services: [] };
const BAY_2 = {
  _id: 'b4a70000-0000-4000-8000-000000000002',
  name: 'Wash Bay 2',
  active: true,
  sortOrder: 2,
  services: [],
};

const CSV = 'Booking ID,Booked at,Date\r\n9a0d3a1e-0000-4000-8000-000000000001,2024-01-01T00:00:00.000Z,2030-05-10\r\n';

const fetchMock = stubFetch();
const requests: Request[] = [];
let bookings: Booking[] = [];
let totalDoc = 0;

/** Answers the config, the service names, the bays and the booking list, plus the given calls; anything else is a 404. */
const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/services/g/names': () =>
        jsonResponse(200, { success: true, message: 'Services', data: [WASH, POLISH] }),
      'GET /api/bays': () => jsonResponse(200, { success: true, message: 'Bays', data: [BAY_1, BAY_2], totalDoc: 2 }),
      'GET /api/bookings': () =>
        jsonResponse(200, { success: true, message: BOOKING_MESSAGES.retrieved, data: bookings, totalDoc }),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (path: string) => requests.filter((request) => new URL(request.url).pathname === path);

/** The query strings of the booking lists asked for, in order. */
const listQueries = () => sent('/api/bookings').map((request) => new URL(request.url).search);

const renderPage = (path = '/') => {
  const view = renderRoutes([{ path: '/', Component: ManageBookingsPage }], {
    path,
    session: signedIn(aUser({ role: 'admin' })),
  });
  const address = () => view.router.state.location.search;
  return { ...view, address };
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

const ALL_FILTERS = `status=confirm&payment=paid&from=2030-05-01&to=2030-05-31&service=${WASH._id}&bay=${BAY_2._id}&search=ann`;

beforeAll(() => {
  // Radix Select relies on pointer capture and scrolling, which jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

beforeEach(() => {
  requests.length = 0;
  bookings = [aBooking(1, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z')];
  totalDoc = 1;
});

afterEach(() => {
  // Toasts live in sonner's module state: the next test's toaster would show this one's again.
  toast.dismiss();
  vi.useRealTimers();
  vi.restoreAllMocks();
  // jsdom has no object URLs: the download test gives URL its own.
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

// Selects, toasts and the 300 ms search pause are slow on a loaded two-core machine.
describe('Booking Management filters', { timeout: 30_000 }, () => {
  it('reads the filters, page and page size of the URL, shows them and asks the API for exactly those', async () => {
    totalDoc = 45;
    serve();
    renderPage(`/?${ALL_FILTERS}&page=2&limit=20`);

    await screen.findByText('Jane Doe');
    expect(listQueries()).toEqual([
      `?page=2&limit=20&status=confirm&payment=paid&from=2030-05-01&to=2030-05-31&service=${WASH._id}&bay=${BAY_2._id}&search=ann`,
    ]);
    expect(screen.getByLabelText('Search')).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Confirmed');
    expect(screen.getByRole('combobox', { name: 'Payment' })).toHaveTextContent('Paid');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Service' })).toHaveTextContent(WASH.name));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bay' })).toHaveTextContent(BAY_2.name));
    expect(screen.getByLabelText('From')).toHaveValue('2030-05-01');
    expect(screen.getByLabelText('To')).toHaveValue('2030-05-31');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('20');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('ignores each URL value the API would refuse and keeps the others', async () => {
    serve();
    const tooLong = 'a'.repeat(MAX_SEARCH_LENGTH + 1);
    renderPage(
      `/?status=lost&payment=paid&from=2030-02-30&to=2030-05-31&service=wash&bay=&search=${tooLong}&page=0&limit=999`,
    );

    await screen.findByText('Jane Doe');
    expect(listQueries()).toEqual(['?page=1&limit=10&payment=paid&to=2030-05-31']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All statuses');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('leaves a reversed date range out of the query, shows the dates and says why', async () => {
    serve();
    renderPage('/?status=cancel&from=2030-06-01&to=2030-05-01');

    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.rangeReversed);
    expect(listQueries()).toEqual(['?page=1&limit=10&status=cancel']);
    expect(screen.getByLabelText('From')).toHaveValue('2030-06-01');
    expect(screen.getByLabelText('To')).toHaveValue('2030-05-01');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  });

  it('writes each chosen filter into the URL, goes back to page 1 and asks for it', async () => {
    totalDoc = 30;
    serve();
    const { address } = renderPage('/?page=3');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Page 3' });

    await choose(user, 'Status', 'Cancelled');
    expect(address()).toBe('?status=cancel');
    await waitFor(() => expect(listQueries().at(-1)).toBe('?page=1&limit=10&status=cancel'));

    await choose(user, 'Service', POLISH.name);
    await choose(user, 'Bay', BAY_1.name);
    await choose(user, 'Payment', 'Unpaid');
    expect(address()).toBe(`?status=cancel&payment=unpaid&service=${POLISH._id}&bay=${BAY_1._id}`);

    await user.type(screen.getByLabelText('From'), '2030-05-01');
    await user.type(screen.getByLabelText('To'), '2030-05-07');
    expect(address()).toBe(
      `?status=cancel&payment=unpaid&from=2030-05-01&to=2030-05-07&service=${POLISH._id}&bay=${BAY_1._id}`,
    );

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(address()).toBe(
      `?status=cancel&payment=unpaid&from=2030-05-01&to=2030-05-07&service=${POLISH._id}&bay=${BAY_1._id}&page=2`,
    );

    await choose(user, 'Status', 'All statuses');
    expect(address()).toBe(`?payment=unpaid&from=2030-05-01&to=2030-05-07&service=${POLISH._id}&bay=${BAY_1._id}`);
    await waitFor(() =>
      expect(listQueries().at(-1)).toBe(
        `?page=1&limit=10&payment=unpaid&from=2030-05-01&to=2030-05-07&service=${POLISH._id}&bay=${BAY_1._id}`,
      ),
    );
  });

  it('searches once typing pauses for 300 ms, from page 1, and never for the half-typed term', async () => {
    totalDoc = 30;
    serve();
    const { address } = renderPage('/?status=confirm&page=2');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Page 2' });

    await user.type(screen.getByLabelText('Search'), 'Ann@');
    expect(address()).toBe('?status=confirm&page=2');
    await waitFor(() => expect(address()).toBe('?status=confirm&search=Ann%40'));
    await waitFor(() => expect(listQueries().at(-1)).toBe('?page=1&limit=10&status=confirm&search=Ann%40'));
    expect(listQueries()).toEqual(['?page=2&limit=10&status=confirm', '?page=1&limit=10&status=confirm&search=Ann%40']);
  });

  it('changing the page size goes back to page 1 and keeps the filters', async () => {
    totalDoc = 30;
    serve();
    const { address } = renderPage('/?payment=paid&page=3');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Page 3' });

    await choose(user, 'Rows per page', '20');
    expect(address()).toBe('?payment=paid&limit=20');
    await waitFor(() => expect(listQueries().at(-1)).toBe('?page=1&limit=20&payment=paid'));
  });

  it('Clear filters empties the URL and every control, keeps the page size and asks for the unfiltered list', async () => {
    // Fake but flowing time, so that the search box's 300 ms pause can be stepped over below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    totalDoc = 45;
    serve();
    const { address } = renderPage(`/?${ALL_FILTERS}&page=2&limit=20`);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Jane Doe');

    await user.click(screen.getByRole('button', { name: REPORT_MESSAGES.clearFilters }));

    expect(address()).toBe('?limit=20');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(
      ['Status', 'Payment', 'Service', 'Bay'].map((name) => screen.getByRole('combobox', { name }).textContent),
    ).toEqual(['All statuses', 'All payments', 'All services', 'All bays']);
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('To')).toHaveValue('');
    await waitFor(() => expect(listQueries().at(-1)).toBe('?page=1&limit=20'));
    // The cleared search box does not bring its old term back once its pause is over.
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(address()).toBe('?limit=20');
  });

  it('says that no booking matches the filters instead of showing an empty table', async () => {
    bookings = [];
    totalDoc = 0;
    serve();
    renderPage('/?status=no_show');

    expect(await screen.findByText(REPORT_MESSAGES.noMatches)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No bookings yet.')).not.toBeInTheDocument();
  });

  it('says there are no bookings yet when nothing is filtered', async () => {
    bookings = [];
    totalDoc = 0;
    serve();
    renderPage();

    expect(await screen.findByText('No bookings yet.')).toBeInTheDocument();
    expect(screen.queryByText(REPORT_MESSAGES.noMatches)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Download CSV', { timeout: 30_000 }, () => {
  it('asks for the export with the filters (not the page) and the bearer token, and saves the file the server named', async () => {
    const saved: { href: string; download: string }[] = [];
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:bookings';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    let answer: (response: Response) => void = () => undefined;
    totalDoc = 45;
    serve({
      'GET /api/bookings/export.csv': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderPage(`/?${ALL_FILTERS}&page=2&limit=20`);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Jane Doe');
    const button = screen.getByRole('button', { name: REPORT_MESSAGES.downloadCsv });

    await user.click(button);

    await waitFor(() => expect(button).toBeDisabled());
    const [exportCall, ...more] = sent('/api/bookings/export.csv');
    expect(more).toEqual([]);
    expect(exportCall?.method).toBe('GET');
    expect(new URL(exportCall?.url ?? '').search).toBe(
      `?status=confirm&payment=paid&from=2030-05-01&to=2030-05-31&service=${WASH._id}&bay=${BAY_2._id}&search=ann`,
    );
    expect(exportCall?.headers.get('authorization')).toBe('Bearer access-token');

    answer(
      new Response(CSV, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="bookings-2030-05-10.csv"',
        },
      }),
    );

    await waitFor(() => expect(button).toBeEnabled());
    expect(saved).toEqual([{ href: 'blob:bookings', download: 'bookings-2030-05-10.csv' }]);
    expect(blobs.map((blob) => blob.type)).toEqual(['text/csv']);
    expect(await blobs[0]?.text()).toBe(CSV);
  });

  it('sends only the filters the list applies: none at all on the plain list', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:bookings' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    serve({
      'GET /api/bookings/export.csv': () => new Response(CSV, { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    renderPage('/?from=2030-06-01&to=2030-05-01&page=2');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Jane Doe');

    await user.click(screen.getByRole('button', { name: REPORT_MESSAGES.downloadCsv }));

    await waitFor(() => expect(sent('/api/bookings/export.csv')).toHaveLength(1));
    expect(new URL(sent('/api/bookings/export.csv')[0]?.url ?? '').search).toBe('');
  });

  it("shows the server's refusal in an error toast and saves nothing", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    serve({
      'GET /api/bookings/export.csv': () =>
        jsonResponse(400, {
          success: false,
          message: REPORT_MESSAGES.rangeTooLong,
          errors: [{ path: 'to', message: REPORT_MESSAGES.rangeTooLong }],
        }),
    });
    renderPage('/?status=confirm');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Jane Doe');
    const button = screen.getByRole('button', { name: REPORT_MESSAGES.downloadCsv });

    await user.click(button);

    const title = await screen.findByText(REPORT_MESSAGES.rangeTooLong);
    expect(title.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    expect(click).not.toHaveBeenCalled();
    await waitFor(() => expect(button).toBeEnabled());
  });
});
