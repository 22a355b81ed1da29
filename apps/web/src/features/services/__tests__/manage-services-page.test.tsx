import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageServicesPage } from '../pages/manage-services-page';
import { aService, detailBody, listBody } from './service-fixtures';

const routes: RouteObject[] = [{ path: '/dashboard/admin', Component: ManageServicesPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

const serve = (handlers: Record<string, Handler>) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

/** The query strings of the service lists asked for, leaving out other calls (the public config). */
const searched = () =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname === '/api/services')
    .map((request) => new URL(request.url).search);

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

beforeEach(() => {
  requests.length = 0;
});

const renderPage = () => renderRoutes(routes, { path: '/dashboard/admin', session: signedOut });

// Dialogs and toasts render slowly on a loaded two-core machine.
beforeAll(() => {
  // Radix Select relies on pointer capture and scrolling, which jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

describe('Service Management', { timeout: 20_000 }, () => {
  it('shows the heading and formats each column as SPEC section 2 says', async () => {
    const service = aService({
      name: 'Ceramic Coating',
      description: 'Two layers of ceramic protection for paint and glass',
      duration: 180,
      price: 349.5,
      createdAt: daysAgo(3),
    });
    serve({ 'GET /api/services': () => jsonResponse(200, listBody([service], 25)) });
    renderPage();

    expect(screen.getByRole('heading', { name: 'Service Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage your services')).toBeInTheDocument();
    const row = (await screen.findByText('Ceramic Coating')).closest('tr');
    if (!row) throw new Error('no table row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'Ceramic Coating',
      'Two layers of ceramic protecti...',
      '180 Min',
      '$349.50',
      '3 days ago',
    ]);
    expect(within(row).getByRole('button', { name: 'Edit Ceramic Coating' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Ceramic Coating' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Description',
      'Duration',
      'Price',
      'Created',
      'Actions',
    ]);
    // 25 services at 10 a page: three page buttons, the first one current.
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
  });

  it('searches only when Search is pressed and asks for the chosen page', async () => {
    serve({ 'GET /api/services': () => jsonResponse(200, listBody([aService()], 25)) });
    renderPage();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByLabelText('Search services'), 'wax');
    expect(searched().some((query) => query.includes('wax'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(searched()).toContain('?searchTerm=wax&sort=-createdAt&page=1&limit=10'));
    expect(searched()).toContain('?sort=-createdAt&page=2&limit=10');
  });

  it("adds a service: posts it with isDeleted false, toasts 'Successfully created service' and closes", async () => {
    const created = aService({ name: 'Foam Wash' });
    const bays = [
      { _id: 'b4a70000-0000-4000-8000-000000000001', name: 'Bay 1', active: true, sortOrder: 1, services: [] },
      { _id: 'b4a70000-0000-4000-8000-000000000002', name: 'Wash Bay', active: true, sortOrder: 2, services: [] },
    ];
    serve({
      'GET /api/services': () => jsonResponse(200, listBody([])),
      'GET /api/bays': () => jsonResponse(200, { success: true, message: 'Bays retrieved', data: bays, totalDoc: 2 }),
      'POST /api/services': () => jsonResponse(201, detailBody(created, [], 'Successfully created service')),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Service' });
    expect(within(dialog).getByText('Fill out the form to create a new service.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Foam Wash');
    await user.type(within(dialog).getByLabelText('Description'), 'Snow foam and rinse');
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '40');
    await user.type(within(dialog).getByLabelText('Price ($)'), '45');
    await user.clear(within(dialog).getByLabelText('Buffer (minutes)'));
    await user.type(within(dialog).getByLabelText('Buffer (minutes)'), '10');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Wash Bay' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Paid online' }));
    await user.click(await screen.findByRole('option', { name: 'A deposit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Service' }));

    expect(await screen.findByText('Successfully created service')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = requests.find((request) => request.method === 'POST');
    expect(await post?.json()).toEqual({
      name: 'Foam Wash',
      description: 'Snow foam and rinse',
      duration: 40,
      price: 45,
      bufferMinutes: 10,
      bays: ['b4a70000-0000-4000-8000-000000000002'],
      paymentMode: 'deposit',
      isDeleted: false,
    });
    // The list is fetched again because the mutation invalidated it.
    await waitFor(() => expect(searched()).toHaveLength(2));
  });

  it('keeps the edit dialog open and shows the failure toast when the update is refused', async () => {
    const service = aService({ name: 'Polish', price: 89 });
    serve({
      'GET /api/services': () => jsonResponse(200, listBody([service])),
      [`PUT /api/services/${service._id}`]: () => jsonResponse(400, { success: false, message: 'Invalid request' }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Edit Polish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Service Details' });
    expect(within(dialog).getByText('Fill out the form to update service.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Price ($)')).toHaveValue(89);
    await user.click(within(dialog).getByRole('button', { name: 'Save Service' }));

    expect(await screen.findByText('something went wrong while making this request')).toBeInTheDocument();
    expect(screen.getByText('Please try agin')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update Service Details' })).toBeInTheDocument();
  });

  it("deletes after confirmation with 'Product deleted successfully'", async () => {
    const service = aService({ name: 'Polish' });
    serve({
      'GET /api/services': () => jsonResponse(200, listBody([service])),
      [`DELETE /api/services/${service._id}`]: () =>
        jsonResponse(200, detailBody({ ...service, isDeleted: true }, [], 'Product deleted successfully')),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Delete Polish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText('This action cannot be undone. This will permanently delete the selected item.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("shows the server's message when a delete is refused", async () => {
    const service = aService({ name: 'Polish' });
    serve({
      'GET /api/services': () => jsonResponse(200, listBody([service])),
      [`DELETE /api/services/${service._id}`]: () =>
        jsonResponse(404, { success: false, message: 'Service not found' }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Delete Polish' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Service not found')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeInTheDocument();
  });
});
