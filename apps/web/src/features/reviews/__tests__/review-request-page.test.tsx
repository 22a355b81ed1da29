import { REVIEW_MESSAGES, REVIEW_REQUEST_MESSAGES } from '@carcare/contracts/reviews-constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, publicConfigBody, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ReviewRequestPage } from '../pages/review-request-page';

const TOKEN = '0d6f5c1e-8a3b-4c2d-9e1f-7a6b5c4d3e2f.mac_of-the-link';
const routes = [{ path: '/review/:token', Component: ReviewRequestPage }];
const slow = { timeout: 5000 };
const fetchMock = stubFetch();

const aRequest = (overrides: { reviewed?: boolean; optedOut?: boolean } = {}) => ({
  success: true,
  message: REVIEW_REQUEST_MESSAGES.retrieved,
  data: {
    booking: {
      _id: '0d6f5c1e-8a3b-4c2d-9e1f-7a6b5c4d3e2f',
      service: { _id: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e', name: 'Foam Wash' },
      date: '2026-11-26',
      startTime: '10:00',
    },
    customer: { firstName: 'Jane' },
    reviewed: false,
    optedOut: false,
    ...overrides,
  },
});

/** Answers the config, the request and each write from `writes` in turn, and keeps every request made. */
const answer = (request: Response, writes: Response[] = []) => {
  fetchMock.mockImplementation(async (input) => {
    const { pathname } = new URL(requestOf(input).url);
    if (pathname === '/api/config') return jsonResponse(200, publicConfigBody());
    if (requestOf(input).method === 'GET') return request.clone();
    const next = writes.shift();
    if (!next) throw new Error(`unexpected ${pathname}`);
    return next;
  });
};

const writesMade = () =>
  fetchMock.mock.calls.map(([input]) => requestOf(input)).filter((request) => request.method === 'POST');

describe('review request page', () => {
  it('asks about the visit without signing in and posts the stars and the comment once', async () => {
    answer(jsonResponse(200, aRequest()), [
      jsonResponse(201, { success: true, message: REVIEW_MESSAGES.created, data: {} }),
    ]);
    renderRoutes(routes, { path: `/review/${TOKEN}`, session: signedOut });
    const user = userEvent.setup({ delay: null });

    expect(
      await screen.findByRole('heading', { name: 'How was your Foam Wash on Nov 26, 2026?' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('Hi Jane,')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Your review'), '  Spotless car, friendly team.  ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('heading', { name: REVIEW_REQUEST_MESSAGES.thanks }, slow)).toBeInTheDocument();
    const [post] = writesMade();
    expect(new URL(post?.url ?? '').pathname).toBe(`/api/review/requests/${encodeURIComponent(TOKEN)}`);
    expect(await post?.json()).toEqual({ rating: 4, comment: 'Spotless car, friendly team.' });
    expect(writesMade()).toHaveLength(1);
  });

  it('checks the form before sending anything', async () => {
    answer(jsonResponse(200, aRequest()));
    renderRoutes(routes, { path: `/review/${TOKEN}`, session: signedOut });
    const user = userEvent.setup({ delay: null });

    await screen.findByRole('heading', { name: /How was your Foam Wash/ }, slow);
    await user.type(screen.getByLabelText('Your review'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(REVIEW_MESSAGES.commentTooShort, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.ratingRequired)).toBeInTheDocument();
    expect(writesMade()).toEqual([]);
  });

  it('says the visit was reviewed already when the link was used, with no form', async () => {
    answer(jsonResponse(200, aRequest({ reviewed: true })));
    renderRoutes(routes, { path: `/review/${TOKEN}`, session: signedOut });

    expect(
      await screen.findByRole('heading', { name: REVIEW_REQUEST_MESSAGES.alreadyReviewedHeading }, slow),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
  });

  it('says the visit was reviewed already when the review is refused with 409', async () => {
    answer(jsonResponse(200, aRequest()), [
      jsonResponse(409, { success: false, message: REVIEW_REQUEST_MESSAGES.alreadyReviewed }),
    ]);
    renderRoutes(routes, { path: `/review/${TOKEN}`, session: signedOut });
    const user = userEvent.setup({ delay: null });

    await screen.findByRole('heading', { name: /How was your Foam Wash/ }, slow);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Your review'), 'Second time I write this.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(
      await screen.findByRole('heading', { name: REVIEW_REQUEST_MESSAGES.alreadyReviewedHeading }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText(REVIEW_REQUEST_MESSAGES.alreadyReviewed)).toBeInTheDocument();
  });

  it.each([
    [404, REVIEW_REQUEST_MESSAGES.invalid],
    [409, REVIEW_REQUEST_MESSAGES.notCompleted],
  ])('shows a link the API refuses with %i as not working, with its reason', async (status, message) => {
    answer(jsonResponse(status, { success: false, message }));
    renderRoutes(routes, { path: '/review/changed-link', session: signedOut });

    expect(
      await screen.findByRole('heading', { name: REVIEW_REQUEST_MESSAGES.invalidHeading }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
  });

  it("turns review requests off from the link with Don't ask me for reviews", async () => {
    answer(jsonResponse(200, aRequest()), [
      jsonResponse(200, { success: true, message: REVIEW_REQUEST_MESSAGES.optedOut }),
    ]);
    renderRoutes(routes, { path: `/review/${TOKEN}`, session: signedOut });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: REVIEW_REQUEST_MESSAGES.optOut }, slow));

    expect(await screen.findByText(REVIEW_REQUEST_MESSAGES.optedOutHeading, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(writesMade()).toHaveLength(1));
    expect(new URL(writesMade()[0]?.url ?? '').pathname).toBe(
      `/api/review/requests/${encodeURIComponent(TOKEN)}/opt-out`,
    );
    expect(screen.queryByRole('button', { name: REVIEW_REQUEST_MESSAGES.optOut })).not.toBeInTheDocument();
  });

  it('does not offer to opt out again to a customer who already did', async () => {
    answer(jsonResponse(200, aRequest({ optedOut: true })));
    renderRoutes(routes, { path: `/review/${TOKEN}`, session: signedOut });

    expect(await screen.findByText(REVIEW_REQUEST_MESSAGES.optedOutHeading, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REVIEW_REQUEST_MESSAGES.optOut })).not.toBeInTheDocument();
  });
});
