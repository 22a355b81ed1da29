import type { PublicConfig } from '@carcare/contracts/app-config';
import type { Review } from '@carcare/contracts/reviews';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IslandRoot } from '@/lib/islands/island';
import { ShopConfigSource } from '@/lib/shop-config';
import { aPublicConfig, jsonResponse, requestOf } from '@/test/fixtures';
import { holdRequests, stubFetch } from '@/test/stub-fetch';
import { ReviewPages } from '../components/review-pages';
import { VisitorReviewForm } from '../components/visitor-review-form';

const fetchMock = stubFetch();

const review = (index: number): Review => ({
  _id: `0b5e1c3a-0000-4000-8000-${String(index).padStart(12, '0')}`,
  rating: 5,
  comment: `Review number ${index}, spotless.`,
  createdAt: '2026-11-20T23:30:00.000Z',
  user: { firstName: `Driver${index}`, lastName: 'Rahman' },
  verified: false,
});
const reviews = (from: number, count: number) => Array.from({ length: count }, (_, i) => review(from + i));

const DHAKA = { ...aPublicConfig(), timeZone: 'Asia/Dhaka' } as PublicConfig;

/** An island as the islands' runtime draws it: the shop's configuration the page came with, no store, no router. */
const inIsland = (ui: React.ReactNode) =>
  render(
    <IslandRoot>
      <ShopConfigSource source={() => DHAKA}>{ui}</ShopConfigSource>
    </IslandRoot>,
  );

const names = () =>
  within(screen.getByRole('list', { name: 'Reviews' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^Driver/).textContent);

describe('the testimonials list, an island', () => {
  it('shows the page it came with, then asks for a further page when its button is pressed', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { success: true, message: 'ok', data: reviews(11, 3), totalDoc: 13, stats: {} }),
    );
    const release = holdRequests(fetchMock, () => true);
    inIsland(<ReviewPages first={{ reviews: reviews(1, 10), totalDoc: 13 }} />);
    expect(names()).toHaveLength(10);
    // A review's day is the shop's: 23:30 UTC is the next morning in Dhaka.
    expect(screen.getAllByText('Nov 21, 2026')).toHaveLength(10);
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    // The list shows the page it has until the next arrives.
    expect(screen.getByRole('list', { name: 'Reviews' })).toHaveAttribute('aria-busy', 'true');
    expect(names()[0]).toBe('Driver1');
    release();
    expect(await screen.findByText('Driver11')).toBeInTheDocument();
    expect(names()).toEqual(['Driver11', 'Driver12', 'Driver13']);
    expect(screen.getByRole('list', { name: 'Reviews' })).toHaveAttribute('aria-busy', 'false');
    const asked = new URL(requestOf(fetchMock.mock.calls[0]?.[0]).url);
    expect(`${asked.pathname}${asked.search}`).toBe('/api/review/get?page=2&limit=10');

    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(names()[0]).toBe('Driver1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stays on the page it shows when a further one cannot be had', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { success: false, message: 'Service unavailable' }));
    inIsland(<ReviewPages first={{ reviews: reviews(1, 10), totalDoc: 13 }} />);

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(names()[0]).toBe('Driver1');
    expect(screen.getByRole('list', { name: 'Reviews' })).toHaveAttribute('aria-busy', 'false');
  });

  it('says there are no reviews yet, and draws no page buttons for one page', () => {
    inIsland(<ReviewPages first={{ reviews: [], totalDoc: 0 }} />);
    expect(screen.getByText('No reviews yet. Be the first to share your experience.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe("an island's review form", () => {
  it('sends a visitor to sign in and back to this page, and sends nothing', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/testimonials', assign });
    inIsland(<VisitorReviewForm />);

    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'A spotless car in an hour.');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByLabelText('Your review')).toHaveValue('A spotless car in an hour.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Ftestimonials');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
