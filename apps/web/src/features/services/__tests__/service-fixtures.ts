import type { Service, ServiceDetail } from '@carcare/contracts/services';

let counter = 0;

/**
 * A live service as the API returns it; ids are valid UUIDs so the contract's schema accepts them. Without
 * vehicle classes or add-ons: one price, which is also its lowest.
 */
export const aService = (overrides: Partial<ServiceDetail> = {}): ServiceDetail => {
  counter += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `Service ${counter}`,
    description: 'A careful wash',
    duration: 30,
    price: 25,
    bufferMinutes: 0,
    bays: [],
    isDeleted: false,
    createdAt: '2024-03-05T10:00:00.000Z',
    hours: null,
    paymentMode: 'full',
    priceFrom: overrides.price ?? 25,
    prices: [],
    addOns: [],
    ...overrides,
  };
};

/** A catalogue answer: each service with its lowest price by class, its own price unless the test says otherwise. */
export const listBody = (data: (Service & { priceFrom?: number })[], totalDoc = data.length) => ({
  success: true,
  message: 'Services retrieved',
  data: data.map((service) => ({ ...service, priceFrom: service.priceFrom ?? service.price })),
  totalDoc,
});

/** `GET /api/services/:id`: the service with its price and duration for each live class, and no add-ons. */
export const detailBody = (service: Service, prices: ServiceDetail['prices'] = [], message = 'Service retrieved') => ({
  success: true,
  message,
  data: {
    ...service,
    priceFrom: Math.min(service.price, ...prices.map((row) => row.price)),
    prices,
    addOns: [],
  },
});
