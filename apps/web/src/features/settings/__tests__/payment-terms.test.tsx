import { DEFAULT_PAYMENT_POLICY, PAYMENT_POLICY_MESSAGES } from '@carcare/contracts/payment-policy-constants';
import { SETTING_LABELS, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { SettingsPage } from '../pages/settings-page';
import { SETTINGS_SCREEN_TEXT } from '../settings-refusal';
import { aChange, aShopSettings, changesBody, closuresBody, settingsBody } from './settings-fixtures';

const PATH = '/dashboard/admin/settings';
const routes: RouteObject[] = [{ path: PATH, Component: SettingsPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

const SETTINGS = aShopSettings();

const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/settings': () => jsonResponse(200, settingsBody(SETTINGS)),
      'GET /api/settings/changes': () => jsonResponse(200, changesBody([])),
      'GET /api/closures': () => jsonResponse(200, closuresBody([])),
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

const termsCard = () => screen.findByRole('region', { name: 'Payments and cancellations' });

const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  if (!id) throw new Error('the field has no error area');
  return document.getElementById(id);
};

type User = ReturnType<typeof userEvent.setup>;

const replace = async (user: User, field: HTMLElement, text: string) => {
  await user.clear(field);
  if (text !== '') await user.type(field, text);
};

const choose = async (user: User, card: HTMLElement, select: string, option: string) => {
  await user.click(within(card).getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
};

const preview = (card: HTMLElement, title: string) =>
  within(within(card).getByRole('list', { name: title }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const CUTOFF = 'Cancel or move your booking up to 24 hours before it starts at no cost.';

describe('the payment and cancellation terms on the Settings screen', { timeout: 30_000 }, () => {
  it('sits between the shop details and the opening hours, with the saved terms and what customers read', async () => {
    serve();
    renderPage();
    const card = await termsCard();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 3)).toEqual(['Shop details', 'Payments and cancellations', 'Opening hours']);
    expect(within(card).getByRole('combobox', { name: 'Deposit' })).toHaveTextContent('A percentage of the price');
    expect(within(card).getByLabelText('Deposit percentage (%)')).toHaveValue(20);
    expect(within(card).getByLabelText('Minimum deposit (€)')).toHaveValue(10);
    expect(within(card).getByRole('combobox', { name: 'No-show fee' })).toHaveTextContent('No fee');
    expect(within(card).queryByLabelText(/No-show fee (amount|percentage)/)).not.toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Late cancellations' })).toHaveTextContent(
      'Refused: the customer contacts the shop',
    );

    expect(within(card).getByRole('heading', { name: 'What a customer reads for a €100 booking' })).toBeVisible();
    expect(preview(card, 'Paid in full online')).toEqual([
      'You pay €100 now.',
      `${CUTOFF} Later, please contact the shop.`,
    ]);
    expect(preview(card, 'A deposit online')).toEqual([
      'You pay a deposit of €20 now and the balance of €80 at the shop.',
      `${CUTOFF} Later, please contact the shop.`,
    ]);
    expect(preview(card, 'Nothing now, card saved')).toEqual([
      'Nothing is taken now: your card is saved, and €100 is paid at the shop.',
      `${CUTOFF} Later, please contact the shop.`,
    ]);
  });

  it('previews the terms as they are edited and sends exactly the new terms', async () => {
    const terms = {
      deposit: { kind: 'fixed', amount: 25, minimum: 10 },
      noShowFee: { kind: 'fixed', amount: 15 },
      lateCancellation: { kind: 'fee', fee: { kind: 'percent', amount: 50 } },
    } as const;
    serve({
      'PUT /api/settings': () =>
        jsonResponse(
          200,
          settingsBody(aShopSettings({ paymentPolicy: terms, policyVersion: 2 }), SETTINGS_MESSAGES.updated),
        ),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const card = await termsCard();

    await choose(user, card, 'Deposit', 'A fixed amount');
    await replace(user, within(card).getByLabelText('Deposit amount (€)'), '25');
    await choose(user, card, 'No-show fee', 'A fixed amount');
    await replace(user, within(card).getByLabelText('No-show fee amount (€)'), '15');
    await choose(user, card, 'Late cancellations', 'Allowed with a fee');
    await choose(user, card, 'Late cancellation fee', 'A percentage of the price');
    await replace(user, within(card).getByLabelText('Late cancellation fee percentage (%)'), '50');

    expect(preview(card, 'A deposit online')).toEqual([
      'You pay a deposit of €25 now and the balance of €75 at the shop.',
      'If you do not come, a no-show fee of €15 is charged to your card.',
      `${CUTOFF} Later, a fee of €50 is charged.`,
    ]);
    await user.click(within(card).getByRole('button', { name: 'Save terms' }));

    expect(await screen.findByText(SETTINGS_MESSAGES.updated)).toBeInTheDocument();
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([{ paymentPolicy: terms }]);
  });

  it('sends nothing when the terms did not change, and no hidden fee when late cancellations are refused', async () => {
    serve({
      'PUT /api/settings': () => jsonResponse(200, settingsBody(SETTINGS, SETTINGS_MESSAGES.updated)),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const card = await termsCard();

    await user.click(within(card).getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.unchanged)).toBeInTheDocument();

    // A fee typed and then abandoned for "refused" changes nothing.
    await choose(user, card, 'Late cancellations', 'Allowed with a fee');
    await replace(user, within(card).getByLabelText('Late cancellation fee amount (€)'), '30');
    await choose(user, card, 'Late cancellations', 'Refused: the customer contacts the shop');
    await user.click(within(card).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(screen.getAllByText(SETTINGS_MESSAGES.unchanged).length).toBeGreaterThanOrEqual(1));
    expect(sent('PUT', '/api/settings')).toHaveLength(0);

    await choose(user, card, 'No-show fee', 'A percentage of the price');
    await replace(user, within(card).getByLabelText('No-show fee percentage (%)'), '40');
    await user.click(within(card).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(sent('PUT', '/api/settings')).toHaveLength(1));
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([
      { paymentPolicy: { ...DEFAULT_PAYMENT_POLICY, noShowFee: { kind: 'percent', amount: 40 } } },
    ]);
  });

  it('checks the terms with the contract’s messages before sending', async () => {
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });
    const card = await termsCard();

    const percent = within(card).getByLabelText('Deposit percentage (%)');
    await replace(user, percent, '150');
    await choose(user, card, 'No-show fee', 'A fixed amount');
    const fee = within(card).getByLabelText('No-show fee amount (€)');
    await user.click(within(card).getByRole('button', { name: 'Save terms' }));

    await waitFor(() => expect(errorOf(percent)).toHaveTextContent(PAYMENT_POLICY_MESSAGES.percent));
    expect(errorOf(fee)).toHaveTextContent(PAYMENT_POLICY_MESSAGES.feeAmountRequired);
    expect(within(card).getByText(SETTINGS_SCREEN_TEXT.termsPreviewWaiting)).toBeInTheDocument();

    await replace(user, percent, '20');
    await replace(user, fee, '15');
    const minimum = within(card).getByLabelText('Minimum deposit (€)');
    await replace(user, minimum, '');
    await user.click(within(card).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(errorOf(minimum)).toHaveTextContent(PAYMENT_POLICY_MESSAGES.amount));
    expect(sent('PUT', '/api/settings')).toHaveLength(0);
  });

  it('puts the server’s refusals under the fields they name', async () => {
    serve({
      'PUT /api/settings': () =>
        jsonResponse(400, {
          success: false,
          message: PAYMENT_POLICY_MESSAGES.amount,
          errors: [
            { path: 'paymentPolicy.deposit.minimum', message: PAYMENT_POLICY_MESSAGES.amount },
            { path: 'paymentPolicy.lateCancellation', message: PAYMENT_POLICY_MESSAGES.lateKind },
          ],
        }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const card = await termsCard();

    const minimum = within(card).getByLabelText('Minimum deposit (€)');
    await replace(user, minimum, '12');
    await user.click(within(card).getByRole('button', { name: 'Save terms' }));

    await waitFor(() => expect(errorOf(minimum)?.textContent).toBe(PAYMENT_POLICY_MESSAGES.amount));
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(within(card).getByRole('combobox', { name: 'Late cancellations' }))?.textContent).toBe(
      PAYMENT_POLICY_MESSAGES.lateKind,
    );
    expect(await bodiesSent('PUT', '/api/settings')).toEqual([
      { paymentPolicy: { ...DEFAULT_PAYMENT_POLICY, deposit: { kind: 'percent', amount: 20, minimum: 12 } } },
    ]);
  });

  it('names a change of the terms in the recent changes as a short line', async () => {
    serve({
      'GET /api/settings/changes': () =>
        jsonResponse(
          200,
          changesBody([
            aChange(1, {
              setting: 'paymentPolicy',
              before: DEFAULT_PAYMENT_POLICY,
              after: {
                deposit: { kind: 'fixed', amount: 25, minimum: 0 },
                noShowFee: { kind: 'percent', amount: 50 },
                lateCancellation: { kind: 'keepDeposit', fee: { kind: 'none', amount: 0 } },
              },
            }),
          ]),
        ),
    });
    renderPage();

    const list = await screen.findByRole('list', { name: 'Recent changes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${SETTING_LABELS.paymentPolicy}Nov 25, 2026 15:05 by Ada LovelaceDeposit 20%, at least €10 · no no-show fee · late cancellations refused →  changed to Deposit €25 · no-show fee 50% · late cancellations keep the deposit`,
    ]);
  });
});
