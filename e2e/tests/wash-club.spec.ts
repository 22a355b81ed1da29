import { expect, test } from '@playwright/test';
import { CUSTOMER_PASSWORD, submitLogin as logIn, registerThroughApi } from './support/accounts';
import { openDayFromNow, pickDay } from './support/calendar';
import { serviceId } from './support/catalogue';
import { mailsTo } from './support/outbox';

// A day no other journey books, so that its first free time is this journey's.
const DAYS_AHEAD = 17;
const SERVICE = 'Express Exterior Wash';

test('a customer joins the Wash Club for their car, books a covered wash without paying, pauses and resumes, is told a renewal failed, and cancels in two clicks; the overview shows the recurring revenue', async ({
  page,
  browser,
}) => {
  const email = await registerThroughApi(page, 'Member');
  await page.goto('/login');
  await logIn(page, email, CUSTOMER_PASSWORD);
  await expect(page.getByText('Successfully logged in')).toBeVisible();

  // The car first, in the garage.
  await page.goto('/dashboard/user/my-vehicles');
  await page.getByRole('button', { name: 'Add a vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a vehicle' });
  await dialog.getByLabel('Make').fill('Honda');
  await dialog.getByLabel('Model').fill('Civic');
  await dialog.getByLabel('Plate (optional)').fill('club-7781');
  await dialog.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(dialog).toBeHidden();

  // The Wash club page offers the plans; joining names the car and goes through the club checkout.
  await page.goto('/wash-club');
  await expect(page.getByRole('heading', { level: 1, name: 'Wash club' })).toBeVisible();
  await page.getByRole('link', { name: 'Join: Wash Club' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/membership\?plan=/);
  const join = page.getByRole('region', { name: 'Join Wash Club' });
  await join.getByRole('checkbox', { name: /Honda Civic \(CLUB7781\)/ }).check();
  await join.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/club\//);
  await expect(page.getByRole('heading', { name: 'Wash Club' })).toBeVisible();
  // The sandbox's card whose renewals are declined: its first month is paid.
  await page.getByRole('radio', { name: /0341/ }).check();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/membership$/);
  const card = page.getByRole('article', { name: 'Wash Club' });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('Unlimited')).toBeVisible();

  // A covered wash for the car: priced at nothing, booked without a checkout.
  await page.goto(`/service/${await serviceId(page, SERVICE)}`);
  await expect(page.getByRole('heading', { name: SERVICE })).toBeVisible();
  const yourVehicle = page.getByRole('region', { name: 'Your vehicle' });
  const vehicleChoice = yourVehicle.getByLabel('Vehicle or class');
  const civic = await vehicleChoice.locator('option', { hasText: 'Honda Civic' }).textContent();
  await vehicleChoice.selectOption({ label: civic ?? '' });
  const quote = page.getByRole('region', { name: 'Your price' });
  await expect(quote).toContainText('Your Wash Club covers this wash');
  await expect(quote).toContainText('$0');
  await pickDay(page.locator('.rdp-root'), openDayFromNow(DAYS_AHEAD));
  await page.getByRole('list', { name: 'Available slots' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Book This Service' }).click();
  await expect(page).toHaveURL('/proceed-booking');
  await page.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking=/);
  await page.goto('/dashboard/user/my-bookings');
  const booking = page.getByRole('article', { name: SERVICE }).first();
  await expect(booking).toContainText('Confirmed');

  // A pause from the end of the paid month, then called off.
  await page.goto('/dashboard/user/membership');
  const member = page.getByRole('article', { name: 'Wash Club' });
  await member.getByRole('button', { name: 'Pause' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause your Wash Club' });
  await pause.getByRole('radio', { name: '1 month' }).check();
  await pause.getByRole('button', { name: 'Pause membership' }).click();
  await expect(member.getByText('Pauses on')).toBeVisible();
  await member.getByRole('button', { name: 'Resume' }).click();
  await page
    .getByRole('alertdialog', { name: 'Resume your Wash Club now?' })
    .getByRole('button', { name: 'Resume membership' })
    .click();
  await expect(page.getByText('Pause called off')).toBeVisible();
  await expect(member.getByText('Renews on')).toBeVisible();

  // A month on the sandbox's clock: the renewal is declined, the member is emailed the card page, and the
  // page says so with Update card.
  const admin = await page.request.post('/api/auth/login', {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  const token: string = (await admin.json()).accessToken;
  const moved = await page.request.post('/api/memberships/sandbox-clock', {
    data: { days: 31 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(moved.status()).toBe(200);
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('we could not renew your Wash Club'))).toBe(true);
  expect(mailsTo(email).find((mail) => mail.includes('we could not renew'))).toMatch(/\/pay\/club\/sbx_club_/);
  await page.reload();
  await expect(member.getByText('Payment failed')).toBeVisible();
  await expect(member.getByRole('link', { name: 'Update card' })).toHaveAttribute('href', /^\/pay\/club\//);

  // Leaving takes two clicks, and says until when it washes.
  await page.goto('/dashboard/user/membership');
  await page.getByRole('article', { name: 'Wash Club' }).getByRole('button', { name: 'Cancel membership' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your Wash Club?' });
  await expect(confirm).toContainText('Nothing more is charged.');
  await confirm.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByText('Membership cancelled')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Wash Club' }).getByText('Ends on')).toBeVisible();

  // The owner's overview counts it until its paid month ends.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto('/login');
  await logIn(owner, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(owner).toHaveURL(/\/dashboard\/admin/);
  await owner.goto('/dashboard/admin/overview');
  const club = owner.getByRole('region', { name: 'Wash club' });
  const recurring = club.getByText('Monthly recurring revenue').locator('xpath=following-sibling::dd');
  await expect(recurring).toHaveText(/^\$[1-9][\d,]*(\.\d\d)?$/);
  await expect(club.getByText('Active members').locator('xpath=following-sibling::dd')).not.toHaveText('0');
  await owner.context().close();
});
