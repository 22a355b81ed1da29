import { expect, type Page } from '@playwright/test';

/**
 * Chooses the job's service on New booking and waits for its price: the price's lines arrive after the choice
 * and push the time and payment choices under them down, so a press made before they arrive can land on
 * whatever has moved under the pointer.
 */
export async function chooseDeskService(page: Page, service: string) {
  await page.getByRole('combobox', { name: 'Service' }).selectOption({ label: service });
  const quote = page.getByRole('region', { name: 'Your price' });
  await expect(quote).toContainText(service);
  await expect(quote).toHaveAttribute('aria-busy', 'false');
}
