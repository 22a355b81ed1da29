import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { CLOSURE_MESSAGES, SETTING_LABELS, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { SettingsPage } from '../pages/settings-page';
import {
  aChange,
  aClosure,
  anAffectedBooking,
  aShopSettings,
  changesBody,
  closuresBody,
  SHOP_HOURS,
  settingsBody,
} from './settings-fixtures';

const PATH = '/dashboard/admin/settings';
const routes: RouteObject[] = [{ path: PATH, Component: SettingsPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

const SETTINGS = aShopSettings();
const CHRISTMAS = aClosure(1);

/** Answers the screen's reads, plus the given calls; anything else is a 404. */
const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/settings': () => jsonResponse(200, settingsBody(SETTINGS)),
      'GET /api/settings/changes': () => jsonResponse(200, changesBody([])),
      'GET /api/closures': () => jsonResponse(200, closuresBody([CHRISTMAS])),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

const bodiesSent = (method: string, path: string) =>
  Promise.all(sent(method, path).map((request) => request.clone().json()));

beforeAll(() => {
  // Radix Select relies on pointer capture and scrolling, which jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

beforeEach(() => {
  requests.length = 0;
});

const renderPage = () => renderRoutes(routes, { path: PATH, session: signedIn(aUser({ role: 'admin' })) });

const details = () => screen.findByRole('region', { name: 'Shop details' });
const hoursCard = () => screen.findByRole('region', { name: 'Opening hours' });
const closuresCard = () => screen.findByRole('region', { name: 'Closures' });

/** The inline error under a field, found through the field's description. */
const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  if (!id) throw new Error('the field has no error area');
  return document.getElementById(id);
};

const replace = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) => {
  await user.clear(field);
  if (text !== '') await user.type(field, text);
};

// Dialogs, selects and toasts render slowly on a loaded two-core machine.
describe('the Settings screen', { timeout: 30_000 }, () => {
  it('loads the settings into the form, the hours editor, the closures and the audit trail', async () => {
    serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText(SETTING_LABELS.businessName)).toHaveValue('CarCare');
    const form = await details();
    expect(within(form).getByLabelText(SETTING_LABELS.address)).toHaveValue('1 Lake Road');
    expect(within(form).getByLabelText(SETTING_LABELS.phone)).toHaveValue('+44 20 7946 0958');
    expect(within(form).getByLabelText(SETTING_LABELS.email)).toHaveValue('hello@carcare.example');
    expect(within(form).getByRole('combobox', { name: SETTING_LABELS.timeZone })).toHaveValue('Europe/Berlin');
    expect(within(form).getByRole('combobox', { name: SETTING_LABELS.currency })).toHaveTextContent('EUR · Euro');
    expect(within(form).getByLabelText(SETTING_LABELS.cancellationCutoffHours)).toHaveValue(24);
    expect(within(form).getByLabelText(SETTING_LABELS.paymentHoldMinutes)).toHaveValue(30);
    expect(within(form).getByLabelText(SETTING_LABELS.reminderHoursBefore)).toHaveValue(24);
    expect(within(form).getByLabelText(SETTING_LABELS.bookingHorizonDays)).toHaveValue(60);
    expect(within(form).getByLabelText(SETTING_LABELS.minimumNoticeMinutes)).toHaveValue(120);
    expect(within(form).getByRole('combobox', { name: SETTING_LABELS.slotStepMinutes })).toHaveTextContent(
      '30 minutes',
    );

    const hours = await hoursCard();
    expect(within(hours).getByRole('checkbox', { name: 'Open on Monday' })).toBeChecked();
    expect(within(hours).getByLabelText('Monday range 1 from')).toHaveValue('08:00');
    expect(within(hours).getByLabelText('Monday range 1 to')).toHaveValue('18:00');
    expect(within(hours).getByRole('checkbox', { name: 'Open on Sunday' })).not.toBeChecked();
    expect(within(hours).queryByLabelText('Sunday range 1 from')).not.toBeInTheDocument();

    const closures = await within(await closuresCard()).findByRole('list', { name: 'Upcoming closures' });
    expect(within(closures).getByText('Christmas')).toBeInTheDocument();
    expect(within(closures).getByText('Dec 24, 2026 – Dec 26, 2026')).toBeInTheDocument();
    expect(await screen.findByText('No setting has been changed yet')).toBeInTheDocument();
  });

  it('says so when the settings cannot be loaded', async () => {
    serve({ 'GET /api/settings': () => jsonResponse(500, { success: false, message: 'boom' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The settings could not be loaded, please try again');
    expect(screen.queryByRole('region', { name: 'Shop details' })).not.toBeInTheDocument();
  });

  it('sends only the settings that changed and shows the server’s message', async () => {
    const saved = aShopSettings({ businessName: 'CarCare Berlin', bookingHorizonDays: 90, slotStepMinutes: 15 });
    serve({ 'PUT /api/settings': () => jsonResponse(200, settingsBody(saved, SETTINGS_MESSAGES.updated)) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await replace(user, await screen.findByLabelText(SETTING_LABELS.businessName), 'CarCare Berlin');
    await replace(user, screen.getByLabelText(SETTING_LABELS.bookingHorizonDays), '90');
    await user.click(screen.getByRole('combobox', { name: SETTING_LABELS.slotStepMinutes }));
    await user.click(await screen.findByRole('option', { name: '15 minutes' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText(SETTINGS_MESSAGES.updated)).toBeInTheDocument();
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([
      { businessName: 'CarCare Berlin', bookingHorizonDays: 90, slotStepMinutes: 15 },
    ]);
    // The saved settings are read again for the screen and for every page that shows the shop's details.
    await waitFor(() => expect(sent('GET', '/api/settings')).toHaveLength(2));
  });

  it('sends nothing when nothing changed', async () => {
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText(SETTING_LABELS.businessName);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.unchanged)).toBeInTheDocument();
    expect(sent('PUT', '/api/settings')).toHaveLength(0);
  });

  it('checks the fields with the contract’s messages before sending', async () => {
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });

    const name = await screen.findByLabelText(SETTING_LABELS.businessName);
    await replace(user, name, '');
    const horizon = screen.getByLabelText(SETTING_LABELS.bookingHorizonDays);
    await replace(user, horizon, '400');
    const zone = screen.getByRole('combobox', { name: SETTING_LABELS.timeZone });
    await replace(user, zone, 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(errorOf(name)).toHaveTextContent(SETTINGS_MESSAGES.businessNameRequired));
    expect(errorOf(horizon)).toHaveTextContent(
      SETTINGS_MESSAGES.wholeNumber(SETTING_LABELS.bookingHorizonDays, 1, 365),
    );
    expect(errorOf(zone)).toHaveTextContent(SETTINGS_MESSAGES.timeZoneInvalid);
    expect(sent('PUT', '/api/settings')).toHaveLength(0);
  });

  it('shows a refused time zone change under the time zone, word for word', async () => {
    const refusal = SETTINGS_MESSAGES.timeZoneLocked(3);
    serve({
      'PUT /api/settings': () =>
        jsonResponse(409, { success: false, message: refusal, errors: [{ path: 'timeZone', message: refusal }] }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const zone = await screen.findByRole('combobox', { name: SETTING_LABELS.timeZone });
    await replace(user, zone, 'Europe/London');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(errorOf(zone)?.textContent).toBe(refusal));
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([{ timeZone: 'Europe/London' }]);
  });

  it('shows a refused currency change under the currency, word for word', async () => {
    const refusal = SETTINGS_MESSAGES.currencyLocked;
    serve({
      'PUT /api/settings': () =>
        jsonResponse(409, { success: false, message: refusal, errors: [{ path: 'currency', message: refusal }] }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const currency = await screen.findByRole('combobox', { name: SETTING_LABELS.currency });
    await user.click(currency);
    await user.click(await screen.findByRole('option', { name: 'USD · US Dollar' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(errorOf(currency)?.textContent).toBe(refusal));
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([{ currency: 'USD' }]);
  });

  it('puts the errors the server names under their fields', async () => {
    serve({
      'PUT /api/settings': () =>
        jsonResponse(400, {
          success: false,
          message: SETTINGS_MESSAGES.phoneInvalid,
          errors: [
            { path: 'phone', message: SETTINGS_MESSAGES.phoneInvalid },
            { path: 'email', message: SETTINGS_MESSAGES.emailInvalid },
          ],
        }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const phone = await screen.findByLabelText(SETTING_LABELS.phone);
    await replace(user, phone, '+44 20 7946 0959');
    const email = screen.getByLabelText(SETTING_LABELS.email);
    await replace(user, email, 'Desk@CarCare.example');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(errorOf(phone)?.textContent).toBe(SETTINGS_MESSAGES.phoneInvalid));
    expect(errorOf(email)?.textContent).toBe(SETTINGS_MESSAGES.emailInvalid);
    // The contract writes an email in lower case.
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([
      { phone: '+44 20 7946 0959', email: 'desk@carcare.example' },
    ]);
  });

  it('edits the week: a break, more hours, a closed day, a checked range, then saves the hours alone', async () => {
    serve({ 'PUT /api/settings': () => jsonResponse(200, settingsBody(SETTINGS, SETTINGS_MESSAGES.updated)) });
    renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Monday range 1 from');
    const hours = await hoursCard();

    await user.click(within(hours).getByRole('button', { name: 'Add a break on Monday' }));
    expect(within(hours).getByLabelText('Monday range 1 to')).toHaveValue('12:00');
    expect(within(hours).getByLabelText('Monday range 2 from')).toHaveValue('13:00');
    expect(within(hours).getByLabelText('Monday range 2 to')).toHaveValue('18:00');

    await user.click(within(hours).getByRole('button', { name: 'Remove Saturday range 1' }));
    expect(within(hours).getByRole('checkbox', { name: 'Open on Saturday' })).not.toBeChecked();

    await user.click(within(hours).getByRole('checkbox', { name: 'Open on Sunday' }));
    expect(within(hours).getByLabelText('Sunday range 1 from')).toHaveValue('09:00');
    await user.click(within(hours).getByRole('button', { name: 'Add hours on Sunday' }));
    expect(within(hours).getByLabelText('Sunday range 2 from')).toHaveValue('18:00');
    expect(within(hours).getByLabelText('Sunday range 2 to')).toHaveValue('20:00');
    await user.click(within(hours).getByRole('button', { name: 'Remove Sunday range 2' }));

    const tuesdayFrom = within(hours).getByLabelText('Tuesday range 1 from');
    await replace(user, tuesdayFrom, '19:00');
    expect(errorOf(tuesdayFrom)?.textContent).toBe(SETTINGS_MESSAGES.rangeOrder('Tuesday'));
    expect(within(hours).getByRole('button', { name: 'Save opening hours' })).toBeDisabled();
    await replace(user, tuesdayFrom, '07:30');
    expect(errorOf(tuesdayFrom)?.textContent).toBe('');

    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.updated)).toBeInTheDocument();
    const week: WeeklyHours = {
      ...SHOP_HOURS,
      monday: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '18:00' },
      ],
      tuesday: [{ start: '07:30', end: '18:00' }],
      saturday: [],
      sunday: [{ start: '09:00', end: '17:00' }],
    };
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([{ hours: week }]);
  });

  it('shows the server’s message about a day under that day', async () => {
    const message = SETTINGS_MESSAGES.rangesOverlap('Friday');
    serve({
      'PUT /api/settings': () =>
        jsonResponse(400, { success: false, message, errors: [{ path: 'hours.friday', message }] }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const hours = await hoursCard();
    await user.click(await within(hours).findByRole('button', { name: 'Add a break on Friday' }));
    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));
    await waitFor(() =>
      expect(errorOf(within(hours).getByLabelText('Friday range 1 from'))?.textContent).toBe(message),
    );
  });

  it('lists the bookings a closure lies over, and saves it only once told to', async () => {
    const bookings = [
      anAffectedBooking(1),
      anAffectedBooking(2, {
        date: '2026-12-03',
        startTime: '14:30',
        endTime: '16:00',
        service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e52', name: 'Ceramic Coating' },
        customer: {
          _id: '2b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e52',
          name: 'Alan Turing',
          email: 'alan@example.com',
          phone: null,
        },
      }),
    ];
    const flooded = aClosure(2, { startDate: '2026-12-01', endDate: '2026-12-03', reason: 'Flooded bay' });
    serve({
      'GET /api/closures/affected': () =>
        jsonResponse(200, { success: true, message: CLOSURE_MESSAGES.affectedRetrieved, data: bookings }),
      'POST /api/closures': () =>
        jsonResponse(201, {
          success: true,
          message: CLOSURE_MESSAGES.created,
          data: { closure: flooded, affectedBookings: bookings },
        }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const card = await closuresCard();

    await user.type(await within(card).findByLabelText('First day'), '2026-12-01');
    await user.type(within(card).getByLabelText('Last day'), '2026-12-03');
    await user.type(within(card).getByLabelText('Reason'), 'Flooded bay');
    await user.click(within(card).getByRole('button', { name: 'Add closure' }));

    expect(await within(card).findByText(CLOSURE_MESSAGES.affectedNotice(2))).toBeInTheDocument();
    const [preview] = sent('GET', '/api/closures/affected');
    expect(new URL(preview?.url ?? '').searchParams.toString()).toBe('startDate=2026-12-01&endDate=2026-12-03');
    const list = within(card).getByRole('list', { name: 'Bookings during this closure' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Dec 2, 2026 10:00–11:00Foam WashGrace Hopper+8801712345678',
      'Dec 3, 2026 14:30–16:00Ceramic CoatingAlan Turingalan@example.com',
    ]);
    expect(sent('POST', '/api/closures')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Save closure anyway' }));
    expect(await screen.findByText(CLOSURE_MESSAGES.created)).toBeInTheDocument();
    expect(await bodiesSent('POST', '/api/closures')).toEqual([
      { startDate: '2026-12-01', endDate: '2026-12-03', reason: 'Flooded bay' },
    ]);
    await waitFor(() => expect(within(card).queryByText(CLOSURE_MESSAGES.affectedNotice(2))).not.toBeInTheDocument());
    expect(within(card).getByLabelText('Reason')).toHaveValue('');
    await waitFor(() => expect(sent('GET', '/api/closures')).toHaveLength(2));
  });

  it('saves a closure over no booking at once, and checks its days with the contract', async () => {
    serve({
      'GET /api/closures/affected': () =>
        jsonResponse(200, { success: true, message: CLOSURE_MESSAGES.affectedRetrieved, data: [] }),
      'POST /api/closures': () =>
        jsonResponse(201, {
          success: true,
          message: CLOSURE_MESSAGES.created,
          data: { closure: CHRISTMAS, affectedBookings: [] },
        }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const card = await closuresCard();

    await user.type(await within(card).findByLabelText('First day'), '2026-12-26');
    await user.type(within(card).getByLabelText('Last day'), '2026-12-24');
    await user.click(within(card).getByRole('button', { name: 'Add closure' }));
    await waitFor(() =>
      expect(errorOf(within(card).getByLabelText('Last day'))?.textContent).toBe(CLOSURE_MESSAGES.endBeforeStart),
    );
    expect(errorOf(within(card).getByLabelText('Reason'))?.textContent).toBe(CLOSURE_MESSAGES.reasonRequired);
    expect(sent('GET', '/api/closures/affected')).toHaveLength(0);

    await replace(user, within(card).getByLabelText('First day'), '2026-12-24');
    await replace(user, within(card).getByLabelText('Last day'), '2026-12-26');
    await user.type(within(card).getByLabelText('Reason'), 'Christmas');
    await user.click(within(card).getByRole('button', { name: 'Add closure' }));

    expect(await screen.findByText(CLOSURE_MESSAGES.created)).toBeInTheDocument();
    expect(await bodiesSent('POST', '/api/closures')).toEqual([
      { startDate: '2026-12-24', endDate: '2026-12-26', reason: 'Christmas' },
    ]);
  });

  it('removes a closure after asking', async () => {
    serve({
      [`DELETE /api/closures/${CHRISTMAS._id}`]: () =>
        jsonResponse(200, { success: true, message: CLOSURE_MESSAGES.deleted }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(
      await screen.findByRole('button', { name: 'Remove closure Christmas (Dec 24, 2026 – Dec 26, 2026)' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this closure?' });
    expect(sent('DELETE', `/api/closures/${CHRISTMAS._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove closure' }));

    expect(await screen.findByText(CLOSURE_MESSAGES.deleted)).toBeInTheDocument();
    expect(sent('DELETE', `/api/closures/${CHRISTMAS._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('lists the recent changes readably, in the shop’s time zone, a page at a time', async () => {
    const changes = [
      aChange(1),
      aChange(2, {
        setting: 'hours',
        before: SHOP_HOURS,
        after: {
          ...SHOP_HOURS,
          saturday: [],
          monday: [
            { start: '08:00', end: '12:00' },
            { start: '13:00', end: '18:00' },
          ],
        },
        changedAt: '2026-07-01T06:30:00.000Z',
      }),
      aChange(3, { setting: 'closure', before: null, after: CHRISTMAS, changedBy: null }),
    ];
    serve({
      'GET /api/settings/changes': (request) =>
        new URL(request.url).searchParams.get('page') === '2'
          ? jsonResponse(200, changesBody([aChange(4, { setting: 'currency', before: 'USD', after: 'EUR' })], 12))
          : jsonResponse(200, changesBody(changes, 12)),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const list = await screen.findByRole('list', { name: 'Recent changes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // 14:05 UTC is 15:05 in Berlin in November.
      `${SETTING_LABELS.bookingHorizonDays}Nov 25, 2026 15:05 by Ada Lovelace60 →  changed to 90`,
      // 06:30 UTC is 08:30 in Berlin in July (summer time).
      `${SETTING_LABELS.hours}Jul 1, 2026 08:30 by Ada LovelaceMon–Sat 08:00–18:00 · Sun closed →  changed to Mon 08:00–12:00, 13:00–18:00 · Tue–Fri 08:00–18:00 · Sat–Sun closed`,
      `${SETTING_LABELS.closure}Nov 25, 2026 15:05 by an account since removednone →  changed to Christmas, Dec 24, 2026 – Dec 26, 2026`,
    ]);
    expect(new URL(sent('GET', '/api/settings/changes')[0]?.url ?? '').searchParams.toString()).toBe('page=1&limit=10');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Recent changes pages' })).getByRole('button', { name: 'Page 2' }),
    );
    expect(await screen.findByText('USD')).toBeInTheDocument();
    expect(screen.getByText(SETTING_LABELS.currency, { selector: 'li p' })).toBeInTheDocument();
  });
});
