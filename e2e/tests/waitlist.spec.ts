import { WAITLIST_MESSAGES, WAITLIST_WORDS } from '@carcare/contracts/waitlist-constants';
import { expect, type Page, test } from '@playwright/test';
import { CUSTOMER_PASSWORD, submitLogin, uniqueEmail } from './support/accounts';
import { dayFromNow, demoShopOpens } from './support/calendar';
import { serviceId } from './support/catalogue';
import { linkIn, textsTo } from './support/texts';

// A service and a day no other journey books (their days are at most 13 open days ahead, and the shop's bays
// are shared by its services): a Saturday the shop opens, more than three weeks ahead.
const SERVICE = 'Leather Care Treatment';
const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
// The morning the first customer waits for, in the shop's time.
const MORNING = { from: '08:00', to: '12:00' };

const saturdayAhead = () => {
  for (let offset = 22; ; offset++) {
    const day = dayFromNow(offset);
    if (day.day.getDay() === 6 && demoShopOpens(day.day)) return day.text;
  }
};

type Slot = { _id: string; startTime: string; isBooked: string };

async function register(page: Page, firstName: string, phone: string) {
  const email = uniqueEmail();
  const response = await page.request.post('/api/auth/register/customer', {
    data: {
      firstName,
      lastName: 'Waits',
      email,
      address: '3 Mill Lane',
      password: CUSTOMER_PASSWORD,
      confirmPassword: CUSTOMER_PASSWORD,
      phone,
      textsAccepted: true,
    },
  });
  expect(response.status()).toBe(201);
  const { data }: { data: { _id: string; textsAccepted: boolean } } = await response.json();
  expect(data.textsAccepted).toBe(true);
  await page.context().clearCookies();
  return { email, id: data._id };
}

async function adminToken(page: Page) {
  const response = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(response.status()).toBe(200);
  await page.context().clearCookies();
  return (await response.json()).accessToken as string;
}

const morningFreeSlots = async (page: Page, service: string, date: string) => {
  const { data }: { data: Slot[] } = await (
    await page.request.get(`/api/slots/availability?service=${service}&date=${date}`)
  ).json();
  return data.filter((slot) => slot.isBooked === 'available' && slot.startTime < MORNING.to);
};

test('a cancelled time of a full Saturday morning reaches the first on the waitlist by text, who books and pays it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const service = await serviceId(page, SERVICE);
  const date = saturdayAhead();
  const waiter = { phone: '+14155550167', ...(await register(page, 'Wren', '+14155550167')) };
  const regular = await register(page, 'Reg', '+14155550168');
  const token = await adminToken(page);
  const auth = { authorization: `Bearer ${token}` };

  // The shop fills the Saturday morning for a regular, paid at the counter.
  const held: string[] = [];
  for (let free = await morningFreeSlots(page, service, date); free.length > 0; ) {
    const [slot] = free;
    const booked = await page.request.post('/api/bookings', {
      headers: auth,
      data: { service, slot: slot?._id, customer: regular.id, payWith: 'counter' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    held.push((await booked.json()).data.booking._id);
    free = await morningFreeSlots(page, service, date);
  }
  expect(held.length).toBeGreaterThan(0);

  // The first customer finds no time that morning and joins the waitlist for it from the service's page.
  await page.goto('/login');
  await submitLogin(page, waiter.email, CUSTOMER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto(`/service/${service}`);
  const waitlist = page.getByRole('region', { name: 'Waitlist' });
  await waitlist.getByRole('button', { name: WAITLIST_WORDS.join }).click();
  await waitlist.getByLabel(WAITLIST_WORDS.day).fill(date);
  await waitlist.getByLabel(WAITLIST_WORDS.from).fill(MORNING.from);
  await waitlist.getByLabel(WAITLIST_WORDS.to).fill(MORNING.to);
  await waitlist.getByRole('button', { name: WAITLIST_WORDS.submit, exact: true }).click();
  await expect(page.getByText(WAITLIST_MESSAGES.joined)).toBeVisible();
  expect(textsTo(waiter.phone)).toEqual([]);

  // The regular's first booking that morning is cancelled.
  const cancelled = await page.request.post(`/api/bookings/${held[0]}/cancel`, {
    headers: auth,
    data: { reason: 'Customer called' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // Within a minute the offer is a text in the outbox, with the link that books and pays the held time.
  await expect.poll(() => textsTo(waiter.phone).length, { timeout: 60_000 }).toBe(1);
  const [offer] = textsTo(waiter.phone);
  expect(offer).toContain('is free and held for you until');
  await page.goto(linkIn(offer ?? ''));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  // The time is theirs: confirmed and paid, and My waitlist says the entry was booked.
  const theirs = await page.request.get(`/api/bookings?search=${encodeURIComponent(waiter.email)}`, { headers: auth });
  expect(theirs.status()).toBe(200);
  const booking = (await theirs.json()).data.find((each: { slot: { date: string } }) => each.slot.date === date);
  expect(booking).toMatchObject({ status: 'confirm', payment: 'paid' });
  expect(booking.slot.startTime < MORNING.to).toBe(true);
  await page.goto('/dashboard/user/waitlist');
  await expect(page.getByText(WAITLIST_WORDS.status.booked)).toBeVisible();
  // Its confirmation follows by text.
  await expect.poll(() => textsTo(waiter.phone).length, { timeout: 30_000 }).toBe(2);
});
