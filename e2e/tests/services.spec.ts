import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

// The catalogue counts depend on which services exist: these journeys run one after another.
test.describe.configure({ mode: 'serial' });

const adminEmail = process.env.E2E_ADMIN_EMAIL ?? '';
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? '';

async function adminToken(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } });
  expect(response.status()).toBe(200);
  const body: { accessToken: string } = await response.json();
  return body.accessToken;
}

const cardHeadings = (page: Page) => page.getByRole('list', { name: 'Services' }).getByRole('heading');

test('a visitor searches, filters by budget, sorts, pages through the catalogue and opens a service', async ({
  page,
}) => {
  // An eleventh service makes a second page (the demo data has ten).
  const token = await adminToken(page.request);
  const extra = await page.request.post('/api/services', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Glass Shine ${randomUUID().slice(0, 6)}`, description: 'Glass polish', duration: 20, price: 15 },
  });
  expect(extra.status()).toBe(201);
  const extraService: { data: { _id: string; name: string } } = await extra.json();

  try {
    await page.goto('/services');
    await expect(cardHeadings(page)).toHaveCount(10);

    await page.getByLabel('Search services').fill('wash');
    await expect(page).toHaveURL(/searchTerm=wash/);
    await expect(cardHeadings(page)).toHaveText([
      'Premium Hand Wash & Wax',
      'Wash & Vacuum Combo',
      'Express Exterior Wash',
    ]);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL('/services');
    await page.getByLabel('Minimum price').fill('50');
    await page.getByLabel('Maximum price').fill('100');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/min=50&max=100/);
    await expect(cardHeadings(page)).toHaveCount(4);

    await page.getByRole('combobox', { name: 'Sort by price' }).click();
    await page.getByRole('option', { name: 'Price: High to Low' }).click();
    await expect(page).toHaveURL(/sort=-price/);
    await expect(cardHeadings(page)).toHaveText([
      'Leather Care Treatment',
      'Engine Bay Cleaning',
      'Premium Hand Wash & Wax',
      'Wheel & Tyre Detail',
    ]);
    await page.getByRole('combobox', { name: 'Sort by price' }).click();
    await page.getByRole('option', { name: 'Price: Low to High' }).click();
    await expect(cardHeadings(page).first()).toHaveText('Wheel & Tyre Detail');

    // The filtered page survives a reload.
    await page.reload();
    await expect(page.getByLabel('Minimum price')).toHaveValue('50');
    await expect(cardHeadings(page).first()).toHaveText('Wheel & Tyre Detail');

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await page.getByRole('combobox', { name: 'Sort by price' }).click();
    await page.getByRole('option', { name: 'Price: High to Low' }).click();
    const pages = page.getByRole('navigation', { name: 'Services pages' }).getByRole('button');
    await expect(pages).toHaveText(['1', '2']);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cardHeadings(page)).toHaveText([extraService.data.name]);

    await page.getByRole('link', { name: `Book Now: ${extraService.data.name}` }).click();
    await expect(page).toHaveURL(`/service/${extraService.data._id}`);
    await expect(page.getByRole('heading', { level: 1, name: extraService.data.name })).toBeVisible();
    await expect(page.getByRole('article').getByRole('definition').filter({ hasText: '20 minutes' })).toBeVisible();
    await expect(
      page
        .getByRole('article')
        .getByRole('definition')
        .filter({ hasText: /^\$15$/ }),
    ).toBeVisible();
  } finally {
    await page.request.delete(`/api/services/${extraService.data._id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
});

test('an admin adds, edits and deletes a service and sees each toast', async ({ page }) => {
  const name = `Headlight Restore ${randomUUID().slice(0, 6)}`;
  await page.goto('/login');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { name: 'Service Management' })).toBeVisible();

  // The empty form logs nothing: an empty number field holds no value, not one the browser cannot parse.
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
  });
  await page.getByRole('button', { name: 'Add Service' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New Service' });
  await expect(addDialog.getByLabel('Duration (minutes)')).toHaveValue('');
  await expect(addDialog.getByLabel('Price ($)')).toHaveValue('');
  expect(logged).toEqual([]);
  await addDialog.getByLabel('Name').fill(name);
  await addDialog.getByLabel('Description').fill('Sanding and sealing of cloudy headlights');
  await addDialog.getByLabel('Duration (minutes)').fill('50');
  await addDialog.getByLabel('Price ($)').fill('55');
  await addDialog.getByRole('button', { name: 'Save Service' }).click();
  await expect(page.getByText('Successfully created service')).toBeVisible();
  await expect(addDialog).toBeHidden();
  // Let the toast expire (4 s) so the update's own toast is the one seen next.
  await expect(page.getByText('Successfully created service')).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('50 Min');
  await expect(row).toContainText('$55');
  await expect(row).toContainText('less than a minute ago');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Update Service Details' });
  await expect(editDialog.getByLabel('Name')).toHaveValue(name);
  await editDialog.getByLabel('Price ($)').fill('65');
  await editDialog.getByRole('button', { name: 'Save Service', exact: true }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText('Successfully created service')).toBeVisible();
  await expect(row).toContainText('$65');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('This action cannot be undone. This will permanently delete the selected item.');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('the comparison dialog lists two chosen services and empties', async ({ page }) => {
  await page.goto('/services');
  const floating = page.getByRole('button', { name: /^Compare services/ });
  // The floating button shakes for 500 ms when the selection changes. A press made before the page is live is
  // answered once it is, so the shake may come later than the press: it is counted as it happens, not polled.
  await page.evaluate(() => {
    const shakes: number[] = [];
    Object.assign(window, { shakes });
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof Element && record.target.getAttribute('data-shaking') === 'true') {
          shakes.push(performance.now());
        }
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-shaking'] });
  });
  const shakeCount = () => page.evaluate(() => (window as unknown as { shakes: number[] }).shakes.length);
  await page.getByRole('button', { name: 'Compare Express Exterior Wash' }).click();
  await expect(floating).toHaveAccessibleName('Compare services (1 selected)');
  await expect.poll(shakeCount).toBe(1);
  await expect(floating).not.toHaveAttribute('data-shaking');
  await page.getByRole('button', { name: 'Compare Ceramic Coating Package' }).click();
  await expect(page.getByRole('button', { name: 'Compare Ceramic Coating Package' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Compare services (2 selected)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare Services' });
  const rows = dialog.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Express Exterior Wash');
  await expect(rows.nth(1)).toContainText('$25');
  await expect(rows.nth(2)).toContainText('Ceramic Coating Package');
  await expect(rows.nth(2)).toContainText('$349');

  await dialog.getByRole('button', { name: 'Remove Express Exterior Wash from comparison' }).click();
  await expect(rows).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Clear all' }).click();
  await expect(dialog.getByText('Please select a service to compare')).toBeVisible();
});
