import type { AdminSlot } from '@carcare/contracts/slots';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPublicConfig, aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageSlotsPage } from '../pages/manage-slots-page';

const WASH = { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Wash & Vacuum Combo' };
const POLISH = { _id: '2c7f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Machine Polish' };

const aSlot = (index: number, origin: AdminSlot['origin']): AdminSlot => ({
  _id: `5c0d3a1e-0000-4000-8000-00000000000${index}`,
  date: '2030-05-11',
  startTime: `1${index}:00`,
  endTime: `1${index + 1}:00`,
  isBooked: 'available',
  origin,
  service: WASH,
  createdAt: '2030-05-01T00:00:00.000Z',
  capacity: 1,
  remaining: 1,
  liveBookings: 0,
});

const fetchMock = stubFetch();
let slots: AdminSlot[] = [];
let totalDoc: number | undefined;

/** The shop is in Dhaka (UTC+6): at 20:00 UTC on May 10 its day is already May 11. */
const serve = () =>
  fetchMock.mockImplementation(async (input) => {
    const { pathname } = new URL(requestOf(input).url);
    if (pathname === '/api/config') {
      return jsonResponse(200, { success: true, message: 'ok', data: { ...aPublicConfig(), timeZone: 'Asia/Dhaka' } });
    }
    if (pathname === '/api/services/g/names') {
      return jsonResponse(200, { success: true, message: 'Services', data: [WASH, POLISH] });
    }
    if (pathname === '/api/services/get/all') {
      return jsonResponse(200, { success: true, message: 'Slots', data: slots, totalDoc: totalDoc ?? slots.length });
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });

/** The query strings of the slot lists asked for, in order. */
const listQueries = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestOf(input).url))
    .filter((url) => url.pathname === '/api/services/get/all')
    .map((url) => url.search);

const lastQuery = () => listQueries().at(-1);

const renderPage = () =>
  renderRoutes([{ path: '/', Component: ManageSlotsPage }], { path: '/', session: signedIn(aUser({ role: 'admin' })) });

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

beforeAll(() => {
  // Radix Select relies on pointer capture and scrolling, which jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-10T20:00:00.000Z'));
  slots = [aSlot(0, 'generated'), aSlot(1, 'manual')];
  totalDoc = undefined;
  serve();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Slot Management filters', () => {
  it("starts at the shop's today and tells generated times from hand-made ones", async () => {
    renderPage();

    const table = await screen.findByRole('table');
    expect(listQueries()).toEqual(['?page=1&limit=10&from=2030-05-11']);
    const [, generated, manual] = within(table).getAllByRole('row');
    if (!generated || !manual) throw new Error('missing rows');
    expect(within(generated).getByText('From hours')).toBeInTheDocument();
    expect(within(manual).getByText('Hand-made')).toBeInTheDocument();
    expect(screen.getByText('From today')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveTextContent('All services');
    expect(screen.getByRole('combobox', { name: 'Origin' })).toHaveTextContent('All origins');
  });

  it('asks for one day, a service and an origin, and from today again once the day is cleared', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('table');

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-05-20' } });
    await waitFor(() => expect(lastQuery()).toBe('?page=1&limit=10&date=2030-05-20'));
    expect(screen.getByText('That day only')).toBeInTheDocument();

    await choose(user, 'Service', POLISH.name);
    await waitFor(() => expect(lastQuery()).toBe(`?page=1&limit=10&date=2030-05-20&service=${POLISH._id}`));

    await choose(user, 'Origin', 'Hand-made');
    await waitFor(() =>
      expect(lastQuery()).toBe(`?page=1&limit=10&date=2030-05-20&service=${POLISH._id}&origin=manual`),
    );

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    await waitFor(() =>
      expect(lastQuery()).toBe(`?page=1&limit=10&from=2030-05-11&service=${POLISH._id}&origin=manual`),
    );

    await choose(user, 'Service', 'All services');
    await choose(user, 'Origin', 'From hours');
    await waitFor(() => expect(lastQuery()).toBe('?page=1&limit=10&from=2030-05-11&origin=generated'));
  });

  it('goes back to the first page when a filter changes', async () => {
    totalDoc = 25;
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery()).toBe('?page=2&limit=10&from=2030-05-11'));
    await choose(user, 'Origin', 'From hours');
    await waitFor(() => expect(lastQuery()).toBe('?page=1&limit=10&from=2030-05-11&origin=generated'));
  });

  it('shows every slot, past ones too, newest first when asked, and Clear filters goes back to today', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: 'Include past slots' }));
    await waitFor(() => expect(lastQuery()).toBe('?page=1&limit=10'));
    expect(screen.getByText('Every day, newest first')).toBeInTheDocument();

    // A day chosen overrides it.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-04-01' } });
    await waitFor(() => expect(lastQuery()).toBe('?page=1&limit=10&date=2030-04-01'));
    expect(screen.getByRole('checkbox', { name: 'Include past slots' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The first list, from today, is shown again (from the cache: it is not asked twice).
    expect(await screen.findByText('From today')).toBeInTheDocument();
    expect(listQueries().filter((query) => query === '?page=1&limit=10&from=2030-05-11')).toHaveLength(1);
    expect(screen.getByLabelText('Date')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Include past slots' })).not.toBeChecked();
  });

  it('says when no slot matches the filters', async () => {
    slots = [];
    renderPage();
    expect(await screen.findByText('No slots yet.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-05-20' } });
    expect(await screen.findByText('No slots match these filters.')).toBeInTheDocument();
  });
});
