import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageUsersPage } from '../pages/manage-users-page';

const admin = aUser({
  _id: '0b6c2e8a-1111-4d8e-9a43-1f0b6c2e8a11',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
});
const customer = aUser({ _id: '0b6c2e8a-2222-4d8e-9a43-1f0b6c2e8a11', firstName: 'Cara', lastName: 'Customer' });
const routes = [{ path: '/dashboard/admin/manage-user', Component: ManageUsersPage }];
const slow = { timeout: 5000 };

const fetchMock = stubFetch();
const requests = () => fetchMock.mock.calls.map(([input]) => requestOf(input));

// Radix Select measures and captures pointers, which jsdom does not implement.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  fetchMock.mockImplementation(async () => listOf([admin, customer]));
});

const listOf = (users: unknown[]) =>
  jsonResponse(200, { success: true, message: 'Users retrieved', data: users, totalDoc: users.length });

const setup = () => {
  renderRoutes(routes, { path: '/dashboard/admin/manage-user', session: signedIn(admin) });
  return userEvent.setup({ delay: null });
};

describe('user management', () => {
  it('shows the cards in the order of the list with the admin first and their own role locked', async () => {
    fetchMock.mockResolvedValueOnce(listOf([admin, customer]));
    setup();

    const cards = within(await screen.findByRole('list', { name: 'Users' }, slow)).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Ada Admin(you)',
      'Cara Customer',
    ]);
    expect(screen.getByRole('combobox', { name: 'Role of Ada Admin' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of Cara Customer' })).toBeEnabled();
    expect(screen.getByPlaceholderText('email or last name or first..')).toBeInTheDocument();
    const url = new URL(requests()[0]?.url ?? '');
    expect(url.pathname).toBe('/api/user/all');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '10' });
  });

  it('changes a role and says so', async () => {
    fetchMock
      .mockResolvedValueOnce(listOf([admin, customer]))
      .mockResolvedValueOnce(
        jsonResponse(200, {
          success: true,
          message: 'Successfully updated user role to admin',
          data: { ...customer, role: 'admin', auth: { role: 'admin' } },
        }),
      )
      .mockImplementation(async () => listOf([admin, { ...customer, role: 'admin', auth: { role: 'admin' } }]));
    const user = setup();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Cara Customer' }, slow));
    await user.click(await screen.findByRole('option', { name: 'Admin' }, slow));

    // Nothing changes before the admin confirms, and the dialog says what an admin can do.
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Cara Customer an admin?' }, slow);
    expect(dialog).toHaveAccessibleDescription(
      "An admin runs the shop: services, slots, bays and every customer's bookings, the reports and the day board, and other people's roles.",
    );
    expect(requests()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    expect(await screen.findByText('Successfully updated user role to admin', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const change = requests()[1];
    expect(change?.method).toBe('PUT');
    expect(new URL(change?.url ?? '').pathname).toBe(`/api/auth/update-role/${customer._id}`);
    expect(await change?.json()).toEqual({ role: 'admin' });
  });

  it('asks before making an admin a user, says what a user can do, and changes nothing when cancelled', async () => {
    const colleague = aUser({
      _id: '0b6c2e8a-3333-4d8e-9a43-1f0b6c2e8a11',
      firstName: 'Omar',
      lastName: 'Owner',
      role: 'admin',
    });
    fetchMock.mockImplementation(async () => listOf([admin, colleague, customer]));
    const user = setup();

    const select = await screen.findByRole('combobox', { name: 'Role of Omar Owner' }, slow);
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'User' }, slow));

    const dialog = await screen.findByRole('alertdialog', { name: 'Make Omar Owner a user?' }, slow);
    expect(dialog).toHaveAccessibleDescription(
      'A user books and pays for services and manages their own bookings, reviews and profile; they cannot open the admin dashboard.',
    );
    expect(within(dialog).getByRole('button', { name: 'Make user' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Omar Owner' })).toHaveTextContent('Admin');
    expect(requests().filter((request) => request.method === 'PUT')).toEqual([]);

    // Escape cancels too.
    await user.click(screen.getByRole('combobox', { name: 'Role of Omar Owner' }));
    await user.click(await screen.findByRole('option', { name: 'User' }, slow));
    await screen.findByRole('alertdialog', { name: 'Make Omar Owner a user?' }, slow);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests().filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('shows the loading toast, then the failure message', async () => {
    let refuse = () => {};
    fetchMock.mockResolvedValueOnce(listOf([admin, customer])).mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          refuse = () => resolve(jsonResponse(403, { success: false, message: 'You cannot change your own role' }));
        }),
    );
    const user = setup();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Cara Customer' }, slow));
    await user.click(await screen.findByRole('option', { name: 'Admin' }, slow));
    await user.click(await screen.findByRole('button', { name: 'Make admin' }, slow));

    expect(await screen.findByText('Please wait...!!!', {}, slow)).toBeInTheDocument();
    refuse();
    expect(await screen.findByText('Something went wrong while making this request', {}, slow)).toBeInTheDocument();
  });

  it('searches after a pause and shows the not-found view when nobody matches', async () => {
    fetchMock.mockResolvedValueOnce(listOf([admin, customer])).mockImplementation(async () => listOf([]));
    const user = setup();
    await screen.findByRole('list', { name: 'Users' }, slow);

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed');

    expect(await screen.findByRole('heading', { name: 'Oops, page not found!' }, slow)).toBeInTheDocument();
    const searches = requests().map((request) => new URL(request.url).searchParams.get('searchTerm'));
    expect(searches).toEqual([null, 'zed']);
  });
});
