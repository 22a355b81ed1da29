import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
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

const listOf = (users: unknown[]) =>
  jsonResponse(200, { success: true, message: 'Users retrieved', data: users, totalDoc: users.length });
const trailOf = (changes: unknown[]) =>
  jsonResponse(200, { success: true, message: 'Role changes retrieved', data: changes });

type Answer = (request: Request) => Response | Promise<Response>;

/**
 * Answers each call by what it asks for: the users' list, the role changes' trail, and the role change itself
 * (each answer in turn, the last one from then on).
 */
const serve = ({
  users = [() => listOf([admin, customer])],
  changes = [() => trailOf([])],
  update = [() => jsonResponse(500, { success: false, message: 'not expected' })],
}: {
  users?: Answer[];
  changes?: Answer[];
  update?: Answer[];
}) => {
  const queues = { users: [...users], changes: [...changes], update: [...update] };
  const next = (queue: Answer[], request: Request) =>
    ((queue.length > 1 ? queue.shift() : queue[0]) as Answer)(request);
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/config') return jsonResponse(200, publicConfigBody());
    if (path === '/api/auth/role-changes') return next(queues.changes, request);
    if (path.startsWith('/api/auth/update-role/')) return next(queues.update, request);
    if (path === '/api/user/all') return next(queues.users, request);
    throw new Error(`unexpected call to ${path}`);
  });
};

const callsTo = (path: string) => requests().filter((request) => new URL(request.url).pathname.startsWith(path));

beforeEach(() => {
  serve({});
});

const setup = () => {
  renderRoutes(routes, { path: '/dashboard/admin/manage-user', session: signedIn(admin) });
  return userEvent.setup({ delay: null });
};

describe('user management', () => {
  it('shows the cards in the order of the list with the admin first and their own role locked', async () => {
    setup();

    const cards = within(await screen.findByRole('list', { name: 'Users' }, slow)).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Ada Admin(you)',
      'Cara Customer',
    ]);
    expect(screen.getByRole('combobox', { name: 'Role of Ada Admin' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of Cara Customer' })).toBeEnabled();
    expect(screen.getByPlaceholderText('email or last name or first..')).toBeInTheDocument();
    const url = new URL(callsTo('/api/user/all')[0]?.url ?? '');
    expect(url.pathname).toBe('/api/user/all');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '10' });
  });

  it('changes a role and says so', async () => {
    serve({
      users: [
        () => listOf([admin, customer]),
        () => listOf([admin, { ...customer, role: 'admin', auth: { role: 'admin' } }]),
      ],
      update: [
        () =>
          jsonResponse(200, {
            success: true,
            message: 'Successfully updated user role to admin',
            data: { ...customer, role: 'admin', auth: { role: 'admin' } },
          }),
      ],
    });
    const user = setup();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Cara Customer' }, slow));
    await user.click(await screen.findByRole('option', { name: 'Admin' }, slow));

    // Nothing changes before the admin confirms, and the dialog says what an admin can do.
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Cara Customer an admin?' }, slow);
    expect(dialog).toHaveAccessibleDescription(
      "An admin runs the shop: services, slots, bays and every customer's bookings, the reports and the day board, and other people's roles.",
    );
    expect(requests().filter((request) => request.method !== 'GET')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    expect(await screen.findByText('Successfully updated user role to admin', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const [change, ...more] = callsTo('/api/auth/update-role/');
    expect(more).toEqual([]);
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
    serve({ users: [() => listOf([admin, colleague, customer])] });
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
    serve({
      update: [
        () =>
          new Promise((resolve) => {
            refuse = () => resolve(jsonResponse(403, { success: false, message: 'You cannot change your own role' }));
          }),
      ],
    });
    const user = setup();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Cara Customer' }, slow));
    await user.click(await screen.findByRole('option', { name: 'Admin' }, slow));
    await user.click(await screen.findByRole('button', { name: 'Make admin' }, slow));

    expect(await screen.findByText('Please wait...!!!', {}, slow)).toBeInTheDocument();
    refuse();
    expect(await screen.findByText('Something went wrong while making this request', {}, slow)).toBeInTheDocument();
  });

  it('searches after a pause and shows the not-found view when nobody matches', async () => {
    serve({ users: [() => listOf([admin, customer]), () => listOf([])] });
    const user = setup();
    await screen.findByRole('list', { name: 'Users' }, slow);

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed');

    expect(await screen.findByRole('heading', { name: 'Oops, page not found!' }, slow)).toBeInTheDocument();
    const searches = callsTo('/api/user/all').map((request) => new URL(request.url).searchParams.get('searchTerm'));
    expect(searches).toEqual([null, 'zed']);
  });
});

const byAda = { _id: admin._id, name: 'Ada Admin' };
const caraMadeStaff = {
  _id: '12',
  user: { _id: customer._id, name: 'Cara Customer', email: customer.email },
  changedBy: byAda,
  from: 'user',
  to: 'staff',
  changedAt: '2026-11-20T09:05:00.000Z',
};
const omarMadeUser = {
  _id: '11',
  user: { _id: null, name: 'Omar Owner', email: 'omar@example.com' },
  changedBy: { _id: null, name: 'Old Owner' },
  from: 'admin',
  to: 'user',
  changedAt: '2026-11-19T17:30:00.000Z',
};

describe('the role changes on user management', () => {
  it('offers Staff, asks first saying what staff may do, then makes the user staff and shows the change', async () => {
    const asStaff = { ...customer, role: 'staff', auth: { role: 'staff' } };
    serve({
      users: [() => listOf([admin, customer]), () => listOf([admin, asStaff])],
      changes: [() => trailOf([]), () => trailOf([caraMadeStaff])],
      update: [
        () => jsonResponse(200, { success: true, message: 'Successfully updated user role to staff', data: asStaff }),
      ],
    });
    const user = setup();
    expect(await screen.findByText('No role has been changed yet.', {}, slow)).toBeInTheDocument();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Cara Customer' }, slow));
    expect((await screen.findAllByRole('option', {}, slow)).map((option) => option.textContent)).toEqual([
      'Admin',
      'Staff',
      'User',
    ]);
    await user.click(screen.getByRole('option', { name: 'Staff' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Make Cara Customer staff?' }, slow);
    expect(dialog).toHaveAccessibleDescription(
      'Staff run the counter and the day: the day board, every booking, customers and bookings made for them, payments at the counter, completed and no-show. Not the settings, services, prices, bays, hours, roles or the money figures.',
    );
    expect(callsTo('/api/auth/update-role/')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Make staff' }));

    expect(await screen.findByText('Successfully updated user role to staff', {}, slow)).toBeInTheDocument();
    const [change] = callsTo('/api/auth/update-role/');
    expect(change?.method).toBe('PUT');
    expect(new URL(change?.url ?? '').pathname).toBe(`/api/auth/update-role/${customer._id}`);
    expect(await change?.json()).toEqual({ role: 'staff' });

    // The trail is read again after the change, and shows it.
    const trail = await screen.findByRole('list', { name: 'Role changes' }, slow);
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Cara Customer(${customer.email})User →  changed to StaffNov 20, 2026 09:05 by Ada Admin`]);
    expect(callsTo('/api/auth/role-changes')).toHaveLength(2);
  });

  it('lists who changed whose role, from what to what and when, the latest first', async () => {
    serve({ changes: [() => trailOf([caraMadeStaff, omarMadeUser])] });
    setup();

    const trail = await screen.findByRole('list', { name: 'Role changes' }, slow);
    expect(screen.getByRole('heading', { name: 'Role changes' })).toBeInTheDocument();
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Cara Customer(${customer.email})User →  changed to StaffNov 20, 2026 09:05 by Ada Admin`,
      'Omar Owner(omar@example.com)Admin →  changed to UserNov 19, 2026 17:30 by an account since removed',
    ]);
    expect(
      within(trail)
        .getAllByRole('time')
        .map((time) => time.getAttribute('datetime')),
    ).toEqual(['2026-11-20T09:05:00.000Z', '2026-11-19T17:30:00.000Z']);
    expect(new URL(callsTo('/api/auth/role-changes')[0]?.url ?? '').search).toBe('');
  });

  it('says so when the role changes cannot be loaded, and still shows the users', async () => {
    serve({ changes: [() => jsonResponse(500, { success: false, message: 'Internal Server Error' })] });
    setup();

    expect(
      await screen.findByText('The role changes could not be loaded, please try again.', {}, slow),
    ).toHaveAttribute('role', 'alert');
    expect(await screen.findByRole('list', { name: 'Users' }, slow)).toBeInTheDocument();
  });
});
