import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { UpdateInfoPage } from '../pages/update-info-page';

const routes = [{ path: '/dashboard/user/update-info', Component: UpdateInfoPage }];
// The first call loads the response schema on demand.
const slow = { timeout: 5000 };
const fetchMock = stubFetch();
const requests = () => fetchMock.mock.calls.map(([input]) => requestOf(input));

const setup = (customer = aUser()) => {
  const view = renderRoutes(routes, { path: '/dashboard/user/update-info', session: signedIn(customer) });
  return { ...view, user: userEvent.setup({ applyAccept: false, delay: null }) };
};

describe('update information form', () => {
  it('shows the email read-only and asks for both names', async () => {
    const { user } = setup();
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('* First Name is required', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('* Last Name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the changed fields and updates the signed-in user', async () => {
    const updated = aUser({ firstName: 'Janet' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Profile updated', data: updated }));
    const { user, store } = setup();

    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Janet');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText(USER_MESSAGES.updated, {}, slow)).toHaveTextContent('Profile updated');
    const [request] = requests();
    expect(request?.method).toBe('PUT');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/user/update');
    expect(await request?.json()).toEqual({ firstName: 'Janet' });
    expect(requests()).toHaveLength(1);
    expect(store.getState().session.user?.firstName).toBe('Janet');
  });

  it('turns texts on and review requests off, sending only those two', async () => {
    const updated = aUser({ textsAccepted: true, reviewRequestsOff: true });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Profile updated', data: updated }));
    const { user, store } = setup();

    const texts = screen.getByRole('checkbox', { name: 'Text me about my bookings' });
    const reviews = screen.getByRole('checkbox', { name: 'Ask me to review my visits' });
    expect(texts).not.toBeChecked();
    expect(reviews).toBeChecked();
    await user.click(texts);
    await user.click(reviews);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText(USER_MESSAGES.updated, {}, slow)).toBeInTheDocument();
    expect(await requests()[0]?.json()).toEqual({ textsAccepted: true, reviewRequestsOff: true });
    expect(store.getState().session.user).toMatchObject({ textsAccepted: true, reviewRequestsOff: true });
    expect(screen.getByRole('checkbox', { name: 'Text me about my bookings' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ask me to review my visits' })).not.toBeChecked();
  });

  it('shows the stored choices and turns review requests back on', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, message: 'Profile updated', data: aUser({ textsAccepted: true }) }),
    );
    const { user } = setup(aUser({ textsAccepted: true, reviewRequestsOff: true }));

    expect(screen.getByRole('checkbox', { name: 'Text me about my bookings' })).toBeChecked();
    const reviews = screen.getByRole('checkbox', { name: 'Ask me to review my visits' });
    expect(reviews).not.toBeChecked();
    await user.click(reviews);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(await requests()[0]?.json()).toEqual({ reviewRequestsOff: false });
  });

  it('refuses a file that is not an image', async () => {
    const { user } = setup();
    const notes = new File(['plain text'], 'notes.txt', { type: 'text/plain' });

    await user.upload(screen.getByLabelText('Profile Image'), notes);

    expect(await screen.findByText('Invalid file type. Please select an image.', {}, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a chosen picture through the multipart endpoint', async () => {
    const withImage = aUser({ image: '/uploads/7d3f.webp' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: withImage }));
    const { user, store } = setup();
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

    await user.upload(screen.getByLabelText('Profile Image'), picture);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Profile updated', {}, slow)).toBeInTheDocument();
    const [request] = requests();
    expect(new URL(request?.url ?? '').pathname).toBe('/api/user/update-profile-image');
    const body = await request?.formData();
    expect(body?.get('file')).toMatchObject({ type: 'image/png' });
    expect(requests()).toHaveLength(1);
    expect(store.getState().session.user?.image).toBe('/uploads/7d3f.webp');
  });

  it('says so when the update fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { success: false, message: 'Invalid request' }));
    const { user, store } = setup();

    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '9 Lake Road');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Something went wrong while updating your details', {}, slow)).toBeInTheDocument();
    expect(await requests()[0]?.json()).toEqual({ address: '9 Lake Road' });
    await waitFor(() => expect(store.getState().session.user?.address).toBe('12 Road, Dhaka'));
  });

  it('says when to try again when the picture is refused for too many uploads this hour', async () => {
    const message = USER_MESSAGES.imageUploadsPerHour(20, 42);
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { success: false, message }));
    const { user, store } = setup();
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

    await user.upload(screen.getByLabelText('Profile Image'), picture);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Something went wrong while updating your details', {}, slow)).toBeInTheDocument();
    expect(
      screen.getByText('You can change your profile image 20 times an hour: please try again in 42 minutes'),
    ).toBeInTheDocument();
    expect(store.getState().session.user?.image).toBe(aUser().image);
  });
});
