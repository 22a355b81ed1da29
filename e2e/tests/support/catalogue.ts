import type { Page } from '@playwright/test';

/** The id of the demo shop's service of this name, as the API lists the services' names. */
export async function serviceId(page: Page, name: string) {
  const body: { data: { _id: string; name: string }[] } = await (
    await page.request.get('/api/services/g/names')
  ).json();
  const service = body.data.find((entry) => entry.name === name);
  if (!service) throw new Error(`No seeded service named ${name}`);
  return service._id;
}
