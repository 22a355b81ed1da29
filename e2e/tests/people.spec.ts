import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

import { CUSTOMER_PASSWORD as password, registerThroughApi, submitLogin } from './support/accounts';

// The smallest valid PNG: one transparent pixel.
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function logIn(page: Page, email: string, secret: string) {
  await page.goto('/login');
  await submitLogin(page, email, secret);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
}

/** The reset link of the newest outbox message sent to `email`. */
function resetLinkFor(email: string): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const file of files.sort().reverse()) {
    // Quoted-printable wraps long lines with a trailing '=' and encodes '=' as '=3D'.
    const text = readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!text.includes(email)) continue;
    const match = text.match(/\/reset-password\?token=[\w-]+/);
    if (match) return match[0];
  }
  return null;
}

test('a customer updates their name and picture and sees them', async ({ page, baseURL }) => {
  // Images are answered as absolute addresses (PUBLIC_URL's), so that a client on another site can show them.
  const uploads = `${baseURL}/uploads/`;
  const uploadedPicture = new RegExp(`^${uploads.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9a-f]{64}\\.webp$`);
  const email = await registerThroughApi(page);
  await logIn(page, email, password);
  await page.goto('/dashboard/user/update-info');

  await page.getByLabel('First Name').fill('Farida');
  await page.getByLabel('Profile Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Farida Karim' })).toBeVisible();
  const picture = page.getByRole('img', { name: 'Farida Karim' });
  await expect(picture).toHaveAttribute('src', uploadedPicture);
  // The session took the fresh user: it survives a reload.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}'));
  expect(stored.user).toMatchObject({ firstName: 'Farida', image: expect.stringMatching(uploadedPicture) });
  await page.reload();
  await expect(page.getByRole('img', { name: 'Farida Karim' }).first()).toHaveAttribute('src', uploadedPicture);
  // The new picture shows in the site header's avatar too.
  await page.goto('/');
  // Decorative there: the link itself is named Dashboard.
  await expect(page.getByRole('banner').locator(`img[src^="${uploads}"]`)).toHaveAttribute('alt', 'Farida Karim');
});

test('a customer leaves a review and sees it on /testimonials', async ({ page }) => {
  const email = await registerThroughApi(page, 'Rivka');
  await logIn(page, email, password);
  const comment = `Shiny wheels and a fresh interior ${randomUUID().slice(0, 6)}`;

  const averageOnHome = async () => {
    await page.goto('/');
    const summary = page.getByTestId('review-average');
    await expect(summary).toHaveText(/^\d\.\d\d$/);
    return summary.textContent();
  };
  const before = await averageOnHome();

  await page.goto('/testimonials');
  await expect(page.getByRole('heading', { name: 'Customer Insights' })).toBeVisible();
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel('Your review').fill(comment);
  await page.getByRole('button', { name: 'Submit Review' }).click();

  await expect(page.getByText('Review added')).toBeVisible();
  const reviews = page.getByRole('list', { name: 'Reviews' });
  await expect(reviews.getByText(comment)).toBeVisible();
  await expect(reviews.getByRole('listitem').first()).toContainText('Rivka');

  // A five-star review moves the home page average up to what the database now says.
  const stats = (await (await page.request.get('/api/review/get')).json()).stats;
  const after = await averageOnHome();
  expect(after).toBe(stats.average.toFixed(2));
  expect(Number(after)).toBeGreaterThan(Number(before));
});

test('an admin makes a customer an admin from User Management', async ({ page }) => {
  const email = await registerThroughApi(page, 'Promoted');
  await logIn(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await page.goto('/dashboard/admin/manage-user');

  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem').first()).toContainText('(you)');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const card = page.getByRole('listitem').filter({ hasText: email });
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
  await card.getByRole('combobox', { name: 'Role of Promoted Karim' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make Promoted Karim an admin?' });
  await expect(confirm).toContainText('An admin runs the shop');
  await confirm.getByRole('button', { name: 'Make admin' }).click();

  await expect(page.getByText('Successfully updated user role to admin')).toBeVisible();
  await expect(card.getByRole('combobox', { name: 'Role of Promoted Karim' })).toHaveText('Admin');
});

test('a forgotten password is reset through the emailed link', async ({ page }) => {
  const email = await registerThroughApi(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').getByText(/a link to reset the password is on its way/)).toBeVisible();

  await expect.poll(() => resetLinkFor(email)).not.toBeNull();
  await page.goto(resetLinkFor(email) ?? '');
  const newPassword = 'a brand new secret';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page.getByText('Password reset, please log in with the new one')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await logIn(page, email, newPassword);
});
