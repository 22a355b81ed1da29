import { expect, test } from '@playwright/test';
import { CUSTOMER_PASSWORD, submitLogin as logIn, registerThroughApi } from './support/accounts';
import { openDayFromNow, pickDay } from './support/calendar';
import { chooseDeskService } from './support/front-desk';

// A day no other journey books, so that its first free time is this journey's.
const DAYS_AHEAD = 15;
const SERVICE = 'Interior Vacuum & Wipe';

test('the administrator makes a staff member, who books a phone customer, takes cash at the counter, and the overview counts it', async ({
  page,
}) => {
  // The administrator makes a registered person staff, after confirming, and the role change is kept.
  const email = await registerThroughApi(page, 'Counter');
  await page.goto('/login');
  await logIn(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(page).toHaveURL(/\/dashboard\/admin/);
  await page.goto('/dashboard/admin/manage-user');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
  const card = page.getByRole('listitem').filter({ hasText: email });
  await card.getByRole('combobox', { name: 'Role of Counter Karim' }).click();
  await page.getByRole('option', { name: 'Staff' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make Counter Karim staff?' });
  await expect(confirm).toContainText('Staff run the counter and the day');
  await confirm.getByRole('button', { name: 'Make staff' }).click();
  await expect(page.getByText('Successfully updated user role to staff')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Role changes' }).getByRole('listitem').first()).toContainText(
    'Counter Karim',
  );
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  // The staff member signs in to the counter: the day board, Booking Management and New booking only.
  await page.goto('/login');
  await logIn(page, email, CUSTOMER_PASSWORD);
  // Signed in without a page to return to, staff land on the day board.
  await expect(page).toHaveURL(/\/dashboard\/admin\/schedule$/);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link')).toHaveText(['Schedule', 'Booking Management', 'New booking']);
  await nav.getByRole('link', { name: 'New booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible();

  // A customer on the phone: added with a name and a phone, no email and no password.
  const phone = `+88019${String(Date.now()).slice(-8)}`;
  await page.getByRole('button', { name: 'Add a customer' }).click();
  const form = page.getByRole('form', { name: 'Add a customer' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Rahim');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Phone');
  await form.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await form.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByText('Customer added')).toBeVisible();

  await chooseDeskService(page, SERVICE);
  await pickDay(page.locator('.rdp-root'), openDayFromNow(DAYS_AHEAD));
  const slots = page.getByRole('list', { name: 'Available slots' });
  await slots.locator('button[aria-pressed="false"]').first().click();
  await page.getByRole('radio', { name: 'At the counter' }).check();
  await page.getByRole('textbox', { name: "Customer's note" }).fill('Dog hair in the boot');
  await page.getByRole('button', { name: 'Book', exact: true }).click();

  // Booked and confirmed at once; the cash is taken at the counter for the whole balance.
  const outcome = page.getByRole('status', { name: 'Booking made' });
  await expect(outcome).toBeVisible();
  await outcome.getByRole('button', { name: 'Take payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment from Rahim Phone' });
  await dialog.getByRole('radio', { name: 'Cash' }).check();
  const amount = await dialog.getByRole('textbox', { name: /^Amount/ }).inputValue();
  expect(Number(amount)).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();

  // The API says the same: paid in full, in cash, the note kept.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token as string);
  const found = await page.request.get(`/api/customers?q=${encodeURIComponent(phone)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [customer] = (await found.json()).data;
  expect(customer).toMatchObject({ firstName: 'Rahim', email: '', claimed: false });
  const list = await page.request.get(`/api/bookings?search=${encodeURIComponent(phone)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [booking] = (await list.json()).data;
  expect(booking).toMatchObject({
    status: 'confirm',
    payment: 'paid',
    payWith: 'counter',
    bookedByShop: true,
    customerNote: 'Dog hair in the boot',
    amountPaid: Number(amount),
    balanceDue: 0,
    payments: [expect.objectContaining({ kind: 'full', method: 'cash', amount: Number(amount) })],
  });
  // Staff do not read the shop's money figures.
  const overviewForStaff = await page.request.get('/api/admin/overview', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(overviewForStaff.status()).toBe(403);

  // The owner's overview counts the cash in the ledger's money, by method.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto('/login');
  await logIn(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(page).toHaveURL(/\/dashboard\/admin/);
  await page.goto('/dashboard/admin/overview');
  const money = page.getByRole('region', { name: 'Money in the ledger' });
  const cash = money
    .getByLabel('Collected by method')
    .getByText('Cash', { exact: true })
    .locator('xpath=following-sibling::dd');
  await expect(cash).toHaveText(new RegExp(`^\\D*${amount.replace('.', '\\.')}(\\.00)?$`));
});
