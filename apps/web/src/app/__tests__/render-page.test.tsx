// @vitest-environment node

import type { ServiceDetail } from '@carcare/contracts/services';
import {
  type CacheTag,
  NOT_FOUND_PATH,
  pagePath,
  RENDERED_PAGE_NAMES,
  renderingOf,
} from '@carcare/contracts/site-routes';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, publicConfigBody } from '@/test/fixtures';
import { renderPage } from '../render-page';

const SITE = 'https://wash.example';

const aService = (overrides: Partial<ServiceDetail> = {}): ServiceDetail => ({
  _id: 'df9ec8e8-7556-4b60-9a8b-97439c8fa271',
  name: 'Ceramic Coating Package',
  description: 'Full decontamination, one-step polish and a ceramic coating that protects the paint for years.',
  duration: 240,
  price: 349,
  bufferMinutes: 0,
  bays: [],
  isDeleted: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  hours: null,
  paymentMode: 'full',
  priceFrom: overrides.price ?? 349,
  prices: [],
  addOns: [],
  ...overrides,
});

const review = {
  _id: '0b6c2e8a-1111-4d8e-9a43-1f0b6c2e8a11',
  rating: 5,
  comment: 'Spotless inside and out.',
  createdAt: '2026-01-15T10:00:00.000Z',
  user: { firstName: 'Nadia', lastName: 'Rahman' },
  verified: true,
};
const stats = { average: 4.5, count: 4, perRating: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 2 } };

const washClub = {
  _id: '0c1b0000-0000-4000-8000-000000000001',
  kind: 'membership',
  name: 'Wash Club',
  description: 'Unlimited express washes for one car.',
  price: 39,
  interval: 'month',
  washes: null,
  washesPerDay: 1,
  vehicles: 1,
  validDays: null,
  services: [{ _id: 'df9ec8e8-7556-4b60-9a8b-97439c8fa271', name: 'Ceramic Coating Package' }],
  addOns: [],
  active: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};

/** The shop's day while a service page renders (its clock is set to it), and the first with a free time. */
const SHOP_TODAY = '2030-05-10';
const FIRST_FREE_DAY = '2030-05-14';

const aSlot = (date: string) => ({
  _id: '5c0d3a1e-0000-4000-8000-000000000001',
  date,
  startTime: '09:00',
  endTime: '10:00',
  isBooked: 'available',
  origin: 'generated',
  service: { _id: 'df9ec8e8-7556-4b60-9a8b-97439c8fa271', name: 'Ceramic Coating Package' },
  createdAt: '2030-05-01T00:00:00.000Z',
  capacity: 1,
  remaining: 1,
});

/** A service's calendar from `from` to `to`: only FIRST_FREE_DAY has free times. */
const calendarOf = (query: URLSearchParams) => {
  const days = [];
  const to = query.get('to') ?? '';
  for (let day = query.get('from') ?? ''; day <= to; ) {
    const state = day < SHOP_TODAY ? 'past' : 'open';
    days.push({ date: day, state, free: day === FIRST_FREE_DAY ? 1 : 0 });
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return { timeZone: 'UTC', today: SHOP_TODAY, lastBookableDate: '2030-07-09', nextAvailable: FIRST_FREE_DAY, days };
};

/** The API as the page's calls see it, answering from `services`; every call is recorded. */
function fakeApi(services: ServiceDetail[]) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    calls.push(`${url.pathname}${url.search}`);
    // Answers take a while, as the server's in-process calls do: a render must wait for them.
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (url.pathname === '/api/config') return jsonResponse(200, publicConfigBody('EUR'));
    if (url.pathname === '/api/review/get') {
      return jsonResponse(200, { success: true, message: 'Reviews retrieved', data: [review], totalDoc: 1, stats });
    }
    if (url.pathname === '/api/services') {
      return jsonResponse(200, {
        success: true,
        message: 'Services retrieved',
        data: services,
        totalDoc: services.length,
      });
    }
    const one = /^\/api\/services\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const service = services.find((candidate) => candidate._id === one[1]);
      return service
        ? jsonResponse(200, { success: true, message: 'Service retrieved', data: service })
        : jsonResponse(404, { success: false, message: 'Service not found' });
    }
    if (url.pathname === '/api/plans') {
      return jsonResponse(200, { success: true, message: 'Plans retrieved', data: [washClub], totalDoc: 1 });
    }
    if (url.pathname === '/api/slots/availability') {
      const date = url.searchParams.get('date') ?? '';
      const data = date === FIRST_FREE_DAY ? [aSlot(date)] : [];
      return jsonResponse(200, { success: true, message: 'Slots', data });
    }
    if (url.pathname === '/api/slots/calendar') {
      return jsonResponse(200, { success: true, message: 'Calendar retrieved', data: calendarOf(url.searchParams) });
    }
    return jsonResponse(404, { success: false, message: 'Route not found' });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const render = (url: string, services = [aService()]) => {
  const api = fakeApi(services);
  return renderPage({ url, siteUrl: SITE, fetch: api.fetch }).then((page) => ({ page, calls: api.calls }));
};

/** The JSON-LD scripts of a page's head, parsed. */
const structuredData = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    ([, json]) => JSON.parse(json ?? 'null') as Record<string, unknown>,
  );

const offerShape = z.object({
  '@type': z.literal('Offer'),
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.string().length(3),
  url: z.url(),
  availability: z.literal('https://schema.org/InStock'),
});
const serviceShape = z.object({
  '@type': z.literal('Service'),
  name: z.string().min(1),
  description: z.string(),
  url: z.url(),
  provider: z.object({ '@type': z.literal('AutoWash'), name: z.string().min(1) }),
  offers: offerShape,
});
const businessShape = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('AutoWash'),
  name: z.string().min(1),
  url: z.url(),
  address: z.string(),
  telephone: z.string(),
  aggregateRating: z.object({
    '@type': z.literal('AggregateRating'),
    ratingValue: z.number().min(1).max(5),
    reviewCount: z.number().int().positive(),
    bestRating: z.literal(5),
    worstRating: z.literal(1),
  }),
});

describe('server rendering of public pages', () => {
  it('renders the home page with its services and reviews, and the business as JSON-LD', async () => {
    const { page } = await render('/');
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('Ceramic Coating Package');
    expect(page?.html).toContain('€349');
    expect(page?.html).toContain('Spotless inside and out.');
    expect(page?.head).toContain('<title>CarCare</title>');
    expect(page?.head).toContain(`<link rel="canonical" href="${SITE}/"/>`);
    expect(page?.head).toContain('<meta property="og:title" content="CarCare"/>');
    const [business] = structuredData(page?.head ?? '');
    expect(businessShape.parse(business).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 4,
      bestRating: 5,
      worstRating: 1,
    });
    // The browser hydrates from the answers the page was drawn with.
    const data = JSON.parse(page?.data ?? '{}');
    expect(data.siteUrl).toBe(SITE);
    expect(Object.keys(data.state.api.queries)).toContain('getPublicConfig(undefined)');
  });

  it('renders the catalogue of the query string, listed as an ItemList of services with their offers', async () => {
    const { page, calls } = await render('/services?page=2&sort=price');
    expect(page?.status).toBe(200);
    expect(calls).toContain('/api/services?sort=price&page=2&limit=10');
    expect(page?.html).toContain('Ceramic Coating Package');
    expect(page?.head).toContain('<title>Our Services, page 2 | CarCare</title>');
    expect(page?.head).toContain(`<link rel="canonical" href="${SITE}/services?page=2"/>`);
    const [list] = structuredData(page?.head ?? '');
    const items = z
      .object({
        '@type': z.literal('ItemList'),
        itemListElement: z.array(z.object({ position: z.number(), item: serviceShape })),
      })
      .parse(list).itemListElement;
    expect(
      items.map((item) => [item.position, item.item.name, item.item.offers.price, item.item.offers.priceCurrency]),
    ).toEqual([[11, 'Ceramic Coating Package', '349.00', 'EUR']]);
  });

  it("renders a service's page with its own title, description and offer, and the next render shows a change", async () => {
    const { page } = await render('/service/df9ec8e8-7556-4b60-9a8b-97439c8fa271');
    expect(page?.status).toBe(200);
    expect(page?.head).toContain('<title>Ceramic Coating Package | CarCare</title>');
    expect(page?.head).toContain(
      '<meta name="description" content="Full decontamination, one-step polish and a ceramic coating that protects the paint for years."/>',
    );
    const [service] = structuredData(page?.head ?? '');
    expect(serviceShape.parse(service).offers).toEqual({
      '@type': 'Offer',
      price: '349.00',
      priceCurrency: 'EUR',
      url: `${SITE}/service/df9ec8e8-7556-4b60-9a8b-97439c8fa271`,
      availability: 'https://schema.org/InStock',
    });

    const changed = await render('/service/df9ec8e8-7556-4b60-9a8b-97439c8fa271', [
      aService({ name: 'Ceramic Coating Deluxe', price: 399.5 }),
    ]);
    expect(changed.page?.html).toContain('Ceramic Coating Deluxe');
    expect(changed.page?.html).toContain('€399.50');
    expect(changed.page?.html).not.toContain('Ceramic Coating Package');
  });

  it("opens a service's page on the first day with a free time, its slots drawn and the calendar marking it", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${SHOP_TODAY}T08:00:00.000Z`));
    try {
      const { page, calls } = await render('/service/df9ec8e8-7556-4b60-9a8b-97439c8fa271');
      expect(page?.status).toBe(200);
      const id = 'df9ec8e8-7556-4b60-9a8b-97439c8fa271';
      expect(calls).toContain(`/api/slots/calendar?service=${id}&from=2030-05-01&to=2030-05-31`);
      expect(calls).toContain(`/api/slots/availability?service=${id}&date=${FIRST_FREE_DAY}`);
      // Only the day it opens on: today's slots are never asked for.
      expect(calls.filter((call) => call.startsWith('/api/slots/availability'))).toHaveLength(1);
      const html = (page?.html ?? '').replaceAll('<!-- -->', '');
      expect(html).toContain('Available slots on May 14, 2030</h3>');
      expect(html).toContain('aria-pressed="false">09:00 - 10:00</button>');
      expect(html).toContain('aria-label="Tuesday, May 14th, 2030, selected, has free times"');
      expect(html).toContain('aria-label="Today, Friday, May 10th, 2030"');
      expect(html).toMatch(/disabled="" tabindex="-1" aria-label="Thursday, May 9th, 2030"/);
      // The visitor's zone is the browser's: the server never names the shop's.
      expect(html).not.toContain('Times in');
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders the testimonials with the reviews and the business rating', async () => {
    const { page } = await render('/testimonials');
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('Spotless inside and out.');
    expect(page?.head).toContain('<title>Customer reviews | CarCare</title>');
    expect(businessShape.parse(structuredData(page?.head ?? '')[0]).aggregateRating.reviewCount).toBe(4);
  });

  it('renders the wash club with its plans, what each costs and covers, and its Join links', async () => {
    const { page, calls } = await render('/wash-club');
    expect(page?.status).toBe(200);
    expect(calls).toContain('/api/plans');
    const html = (page?.html ?? '').replaceAll('<!-- -->', '');
    expect(html).toContain('Wash Club</h2>');
    expect(html).toContain('€39 a month');
    expect(html).toContain('Unlimited washes');
    expect(html).toContain('Ceramic Coating Package');
    expect(html).toContain(`href="/dashboard/user/membership?plan=${washClub._id}"`);
    expect(page?.head).toContain('<title>Wash club | CarCare</title>');
    expect(page?.head).toContain(`<link rel="canonical" href="${SITE}/wash-club"/>`);
    expect(page?.modules).toEqual(['src/features/plans/pages/wash-club-page.tsx']);
  });

  it('answers 404 with the not-found view for an unknown service or route, kept out of search results', async () => {
    for (const url of ['/service/00000000-0000-4000-8000-000000000000', '/no-such-page']) {
      const { page } = await render(url);
      expect(page?.status).toBe(404);
      expect(page?.html).toContain('Oops, page not found!');
      expect(page?.head).toContain('<meta name="robots" content="noindex"/>');
      expect(page?.head).not.toContain('rel="canonical"');
    }
  });

  it("names each page's own lazy module, as the site route table gives it, for the browser to fetch early", async () => {
    expect((await render('/services')).page?.modules).toEqual(['src/features/services/pages/services-page.tsx']);
    expect((await render('/no-such-page')).page?.modules).toEqual(['src/components/errors/not-found-page.tsx']);
  });

  it('lists the islands a page served as islands holds, and none for a page the app hydrates whole', async () => {
    const home = (await render('/')).page;
    expect(new Set(home?.islands)).toEqual(
      new Set(['site-menu', 'theme-toggle', 'compare-toggle', 'write-review', 'comparison', 'scroll-to-top']),
    );
    // Each of them hydrates as the page starts, as a root of its own: their modules are fetched before.
    expect(new Set(home?.hydratedAtOnce)).toEqual(new Set(home?.islands));
    // Each island in the markup carries its props: a card's Compare button, the service it chooses.
    expect(home?.html).toContain(
      `data-island="compare-toggle" data-island-props="{&quot;service&quot;:{&quot;id&quot;:&quot;${aService()._id}&quot;`,
    );
    const catalogue = (await render('/services?searchTerm=wash')).page;
    expect(new Set(catalogue?.islands)).toEqual(
      new Set(['site-menu', 'theme-toggle', 'catalogue', 'compare-toggle', 'comparison', 'scroll-to-top']),
    );
    // A card's Compare button is drawn inside the catalogue, and hydrates with it from the catalogue's module.
    expect(new Set(catalogue?.hydratedAtOnce)).toEqual(
      new Set(['site-menu', 'theme-toggle', 'catalogue', 'comparison', 'scroll-to-top']),
    );
    // A service's booking is one island, drawn with the service it books (decision 049).
    const service = (await render(`/service/${aService()._id}`)).page;
    expect(new Set(service?.islands)).toEqual(
      new Set(['site-menu', 'theme-toggle', 'compare-toggle', 'service-booking', 'comparison', 'scroll-to-top']),
    );
    expect(service?.html).toContain(
      `data-island="service-booking" data-island-props="{&quot;service&quot;:{&quot;_id&quot;:&quot;${aService()._id}&quot;`,
    );
    // The booking waits for the visitor: its module is not fetched with the page's.
    expect(new Set(service?.hydratedAtOnce)).toEqual(
      new Set(['site-menu', 'theme-toggle', 'compare-toggle', 'comparison', 'scroll-to-top']),
    );
    const washClub = (await render('/wash-club')).page;
    expect(washClub?.islands).toBeUndefined();
    expect(washClub?.hydratedAtOnce).toBeUndefined();
  });

  it('reads on each public page only the data and the query its entry in the site route table names', async () => {
    // The public reads and the cache tag each answer is kept under (the API's routes declare the same).
    const tagOf = (call: string): CacheTag | undefined => {
      const { pathname } = new URL(call, SITE);
      if (pathname === '/api/config') return undefined;
      if (pathname === '/api/services' || pathname.startsWith('/api/services/')) return 'services';
      // The classes price every service: a change to them is a change to the catalogue's prices.
      if (pathname === '/api/vehicle-classes') return 'services';
      if (pathname === '/api/slots/availability' || pathname === '/api/slots/calendar') return 'slots';
      if (pathname === '/api/review/get') return 'reviews';
      // The plans name the services and add-ons they cover: they are kept under the catalogue's tag.
      if (pathname === '/api/plans') return 'services';
      throw new Error(`a public page called ${call}`);
    };
    const tagsOf = (calls: string[]) => new Set(calls.map(tagOf).filter((tag) => tag !== undefined));
    for (const name of RENDERED_PAGE_NAMES) {
      const url = pagePath(name, { id: aService()._id });
      expect(tagsOf((await render(url)).calls), url).toEqual(new Set(renderingOf(name).tags));
    }
    // Every unknown path draws one page that shows no data.
    const notFound = await render(NOT_FOUND_PATH);
    expect(notFound.page?.status).toBe(404);
    expect(tagsOf(notFound.calls)).toEqual(new Set());
    const elsewhere = (await render('/no/such/page')).page;
    expect([elsewhere?.html, elsewhere?.head]).toEqual([notFound.page?.html, notFound.page?.head]);
    // Parameters the catalogue does not read draw the same page as its canonical query.
    const canonical = (await render('/services?page=2')).page;
    const noisy = (await render('/services?z=1&page=02&sort=name&utm_source=mail')).page;
    expect([noisy?.html, noisy?.head]).toEqual([canonical?.html, canonical?.head]);
  });

  it('leaves the rest of the app to the browser', async () => {
    for (const url of ['/login', '/dashboard/admin', '/dashboard/user/my-bookings', '/proceed-booking']) {
      expect((await render(url)).page).toBeNull();
    }
  });
});
