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

  // The two refreshes are held until both have been sent, then both go to the server at once with the
  // refresh cookie the tabs shared before either was answered. A held request that simply went on would
  // take its cookies from the browser when it went: the later one could carry the cookie the earlier one's
  // answer had just set, a plain rotation and not the race this test is about.
  const shared = (await context.cookies()).find((cookie) => cookie.name === 'refreshToken');
  expect(shared?.value).toBeTruthy();
  const held: Route[] = [];
  let releaseBoth = () => {};
  const bothSent = new Promise<void>((resolve) => {
    releaseBoth = resolve;
  });
  await context.route(isRefresh, async (route) => {
    held.push(route);
    if (held.length === 2) releaseBoth();
    await bothSent;
    const request = route.request();
    const answer = await fetch(request.url(), {
      method: request.method(),
      headers: { origin: new URL(request.url()).origin, cookie: `refreshToken=${shared?.value}` },
    });
    // The body comes decoded: the answer goes back to the tab without its encoding and length.
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
    );
    await route.fulfill({ status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
  });
  const refreshed = Promise.all([
    page.waitForResponse((response) => isRefresh(response.url())),
    second.waitForResponse((response) => isRefresh(response.url())),
  ]);
  await Promise.all([page.reload(), second.reload()]);
  const answers = await refreshed;

  expect(answers.map((answer) => answer.status())).toEqual([200, 200]);
  const bodies = await Promise.all(answers.map((answer) => answer.json()));
  // The loser of the race was handed the token the winner rotated to, not a session ended as stolen.
  expect(bodies[0].data.refreshToken).not.toBe(shared?.value);
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
