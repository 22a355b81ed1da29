import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { HomeReviews } from '../components/home-reviews';
import { formatAverage } from '../review-format';

const slow = { timeout: 5000 };
const fetchMock = stubFetch();

const review = (id: string, firstName: string, rating: number, comment: string) => ({
  _id: id,
  rating,
  comment,
  createdAt: '2025-01-15T10:00:00.000Z',
  user: { firstName, lastName: 'Rahman' },
  verified: firstName === 'Nadia',
});

afterEach(() => vi.unstubAllGlobals());

describe('home reviews section', () => {
  it('formats the average to 2 decimals', () => {
    expect(formatAverage(4.5)).toBe('4.50');
    expect(formatAverage(3.666666)).toBe('3.67');
    expect(formatAverage(0)).toBe('0.00');
  });

  it('asks for the two newest reviews and shows the stats the server computed', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        success: true,
        message: 'Reviews retrieved',
        data: [
          review('0b6c2e8a-1111-4d8e-9a43-1f0b6c2e8a11', 'Nadia', 5, 'Spotless inside and out.'),
          review('0b6c2e8a-2222-4d8e-9a43-1f0b6c2e8a11', 'Omar', 4, 'Quick and friendly staff.'),
        ],
        totalDoc: 4,
        stats: { average: 4.5, count: 4, perRating: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 2 } },
      }),
    );
    renderRoutes([{ path: '/', Component: HomeReviews }], { path: '/', session: signedOut });

    expect((await screen.findByText('4.50', {}, slow)).parentElement).toHaveTextContent('Average rating 4.50');
    expect(screen.getByText('4 reviews')).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Reviews per rating' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '55 stars: 2',
      '44 stars: 2',
      '33 stars: 0',
      '22 stars: 0',
      '11 star: 0',
    ]);
    const latest = within(screen.getByRole('list', { name: 'Latest reviews' })).getAllByRole('listitem');
    expect(latest).toHaveLength(2);
    expect(latest[0]).toHaveTextContent('Nadia');
    expect(latest[0]).toHaveTextContent('Spotless inside and out.');
    // Only a reviewer who paid for a booking is marked verified.
    expect(within(latest[0] ?? document.body).getByText('Verified customer')).toBeInTheDocument();
    expect(within(latest[1] ?? document.body).queryByText('Verified customer')).toBeNull();
    expect(within(latest[1] ?? document.body).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    const url = new URL(requestOf(fetchMock.mock.calls[0]?.[0]).url);
    expect(url.pathname).toBe('/api/review/get');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '2' });
  });
});
