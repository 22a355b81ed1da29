import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const CUSTOMER_PASSWORD = 'a long secret';

export const uniqueEmail = () => `e2e.${randomUUID().slice(0, 8)}@example.com`;

/** A new customer registered through the API; the browser stays signed out. Returns the email. */
export async function registerThroughApi(page: Page, firstName = 'Farah'): Promise<string> {
  const email = uniqueEmail();
  const response = await page.request.post('/api/auth/register/customer', {
    data: {
      firstName,
      lastName: 'Karim',
      email,
      address: '7 Lake Road',
      password: CUSTOMER_PASSWORD,
      confirmPassword: CUSTOMER_PASSWORD,
      phone: '+8801712345678',
    },
  });
  expect(response.status()).toBe(201);
  // The request context shares the browser's cookies: drop the session registration started.
  await page.context().clearCookies();
  return email;
}

/** Fills and submits the login form of the current page. */
export async function submitLogin(page: Page, email: string, secret: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Login' }).click();
}
