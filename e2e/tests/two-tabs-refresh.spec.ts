import { expect, type Page, type Route, test } from '@playwright/test';
import { CUSTOMER_PASSWORD, registerThroughApi, submitLogin } from './support/accounts';

const isRefresh = (url: URL | string) => new URL(url).pathname === '/api/auth/refreshToken';

/** The access token the tab keeps in localStorage under `auth`. */
const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token as string | null);

test('two tabs whose access token expired refresh at the same instant and both stay signed in', async ({
  page,
  context,
}) => {
  const email = await registerThroughApi(page);
  await page.goto('/login');
  await submitLogin(page, email, CUSTOMER_PASSWORD);
  await expect(page).toHaveURL('/dashboard/user');
  const second = await context.newPage();
  await second.goto('/dashboard/user');
  await expect(second.getByRole('heading', { name: 'Farah Karim' })).toBeVisible();

  // Both tabs share localStorage: an access token whose signature no longer checks out is refused as an
  // expired one is, and each tab, reloaded, asks for its auth state, gets 401 and refreshes.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auth') ?? '{}');
    localStorage.setItem('auth', JSON.stringify({ ...stored, token: `${stored.token}expired` }));
  });

  // The two refreshes are held until both have been sent, so that both carry the same refresh cookie.
  const held: Route[] = [];
  let releaseBoth = () => {};
  const bothSent = new Promise<void>((resolve) => {
    releaseBoth = resolve;
  });
  await context.route(isRefresh, async (route) => {
    held.push(route);
    if (held.length === 2) releaseBoth();
    await bothSent;
    await route.continue();
  });
  const refreshed = Promise.all([
    page.waitForResponse((response) => isRefresh(response.url())),
    second.waitForResponse((response) => isRefresh(response.url())),
  ]);
  await Promise.all([page.reload(), second.reload()]);
  const answers = await refreshed;

  const cookiesSent = await Promise.all(answers.map(async (answer) => (await answer.request().allHeaders()).cookie));
  expect(cookiesSent[0]).toContain('refreshToken=');
  expect(cookiesSent[1]).toBe(cookiesSent[0]);
  expect(answers.map((answer) => answer.status())).toEqual([200, 200]);
  const bodies = await Promise.all(answers.map((answer) => answer.json()));
  expect(bodies[1].data.refreshToken).toBe(bodies[0].data.refreshToken);

  for (const tab of [page, second]) {
    await expect(tab).toHaveURL('/dashboard/user');
    // The profile is shown with the user the refresh returned: the guard did not send the tab to /login.
    await expect(tab.getByRole('heading', { name: 'Farah Karim' })).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Logout' })).toBeVisible();
    const token = await storedToken(tab);
    expect(token).not.toContain('expired');
    // The session was not revoked: the new access token works, and so does the next refresh.
    const state = await tab.request.get('/api/auth/auth-state', { headers: { authorization: `Bearer ${token}` } });
    expect(state.status()).toBe(200);
  }
  await context.unroute(isRefresh);
  expect((await page.request.post('/api/auth/refreshToken')).status()).toBe(200);
});
