import { expect, test } from '@playwright/test';
import {
  submitLogin as logIn,
  CUSTOMER_PASSWORD as password,
  registerThroughApi,
  uniqueEmail,
} from './support/accounts';

test('a visitor registers, is signed in, sees the Dashboard link and logs out', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('First Name').fill('Farah');
  await page.getByLabel('Last Name').fill('Karim');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Address').fill('7 Lake Road, Dhaka');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+8801712345678');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Successfully registered')).toBeVisible();
  await expect(page).toHaveURL('/');
  const header = page.getByRole('banner');
  const dashboard = header.getByRole('link', { name: 'Dashboard' });
  await expect(dashboard).toHaveAttribute('href', '/dashboard/user');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await dashboard.click();
  await expect(page).toHaveURL('/dashboard/user');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}'))).toMatchObject({
    user: null,
    token: null,
  });
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'refreshToken')).toBeUndefined();
});

test("a wrong password shows 'Password didn't match'", async ({ page }) => {
  const email = await registerThroughApi(page);
  await page.goto('/login');
  await logIn(page, email, 'not the password');
  await expect(page.getByText("Password didn't match")).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('a guarded customer page sends a visitor to /login and back after signing in', async ({ page }) => {
  const email = await registerThroughApi(page);
  await page.goto('/dashboard/user/my-bookings');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, email, password);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/user/my-bookings');
  await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
});

test('the admin area sends a visitor to /login and lets the administrator in', async ({ page }) => {
  await page.goto('/dashboard/admin/manage-user');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(page).toHaveURL('/dashboard/admin/manage-user');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
});

test('a customer who opens the admin area is sent home', async ({ page }) => {
  const email = await registerThroughApi(page);
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).toHaveURL('/dashboard/user');
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL('/');
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops, page not found!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL('/');
});
