import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedIn, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ReviewForm } from '../components/review-form';

const routes = [
  { path: '/testimonials', Component: ReviewForm },
  { path: '/login', Component: () => <h1>Login screen</h1> },
];
const slow = { timeout: 5000 };
const fetchMock = stubFetch();

describe('review form', () => {
  it('asks for a rating and at least 15 characters', async () => {
    renderRoutes(routes, { path: '/testimonials', session: signedIn(aUser()) });
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText('Your review'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review should be at least 15 characters', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Please choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor to /login', async () => {
    const { router } = renderRoutes(routes, { path: '/testimonials', session: signedOut });
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Your review'), 'A spotless car in an hour.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('heading', { name: 'Login screen' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Ftestimonials');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the stars and the comment and thanks the reviewer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { success: true, message: 'Review added' }));
    renderRoutes(routes, { path: '/testimonials', session: signedIn(aUser()) });
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Your review'), '  A spotless car in an hour.  ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review added', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Thanks for your feedback')).toBeInTheDocument();
    const request = requestOf(fetchMock.mock.calls[0]?.[0]);
    expect(new URL(request.url).pathname).toBe('/api/review/create');
    expect(await request.json()).toEqual({ rating: 5, comment: 'A spotless car in an hour.' });
    expect(screen.getByLabelText('Your review')).toHaveValue('');
  });

  it('says so when the review is refused', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { success: false, message: 'Invalid request' }));
    renderRoutes(routes, { path: '/testimonials', session: signedIn(aUser()) });
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.type(screen.getByLabelText('Your review'), 'Decent wash, long queue.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Something went wrong while making this request', {}, slow)).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveValue('Decent wash, long queue.');
  });
});
