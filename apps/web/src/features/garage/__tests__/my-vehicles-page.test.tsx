import type { Vehicle } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPublicConfig, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { MyVehiclesPage } from '../pages/my-vehicles-page';
import { aVehicle, CLASSES, ok, okList, SEDAN, SUV } from './garage-fixtures';

const fetchMock = stubFetch();

type Sent = { method: string; path: string; body: unknown };

/** A garage API holding `vehicles`; writes are recorded, and `refuse` answers the next write instead. */
const serveGarage = (start: Vehicle[], refuse?: { status: number; body: unknown }) => {
  let vehicles = [...start];
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/config') return jsonResponse(200, ok('Configuration', aPublicConfig()));
    if (path === '/api/vehicle-classes') return jsonResponse(200, okList('Vehicle classes retrieved', CLASSES));
    if (path === '/api/vehicles' && request.method === 'GET') {
      return jsonResponse(200, okList(VEHICLE_MESSAGES.retrieved, vehicles));
    }
    if (path.startsWith('/api/vehicles')) {
      const body: unknown = request.method === 'DELETE' ? null : await request.json();
      sent.push({ method: request.method, path, body });
      if (refuse) return jsonResponse(refuse.status, refuse.body);
      const id = path.split('/')[3];
      if (request.method === 'DELETE') {
        vehicles = vehicles.filter((each) => each._id !== id);
        return jsonResponse(200, ok(VEHICLE_MESSAGES.archived, null));
      }
      const fields = body as Record<string, unknown>;
      const vehicleClass = CLASSES.find((each) => each._id === fields.vehicleClass) ?? CLASSES[0];
      const saved = aVehicle(request.method === 'POST' ? 9 : 1, {
        ...(fields as Partial<Vehicle>),
        vehicleClass: { _id: vehicleClass?._id ?? SEDAN, name: vehicleClass?.name ?? 'Sedan' },
        ...(id ? { _id: id } : {}),
      });
      vehicles = id ? vehicles.map((each) => (each._id === id ? saved : each)) : [...vehicles, saved];
      return jsonResponse(request.method === 'POST' ? 201 : 200, ok(VEHICLE_MESSAGES.created, saved));
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return sent;
};

const renderPage = () => renderRoutes([{ path: '/', Component: MyVehiclesPage }], { path: '/', session: signedIn() });

describe('My Vehicles', () => {
  it('lists each vehicle as a card: its name or nickname, class, plate with region and colour', async () => {
    serveGarage([
      aVehicle(1),
      aVehicle(2, { nickname: 'Work van', vehicleClass: { _id: SEDAN, name: 'Sedan' }, plate: null, colour: '' }),
    ]);
    renderPage();

    const suv = await screen.findByRole('article', { name: '2021 Toyota RAV4' });
    expect(within(suv).getByText('SUV')).toBeInTheDocument();
    expect(within(suv).getByText('ABC123 · CA')).toBeInTheDocument();
    expect(within(suv).getByText('Blue')).toBeInTheDocument();
    const van = screen.getByRole('article', { name: 'Work van' });
    expect(within(van).getByText('2021 Toyota RAV4')).toBeInTheDocument();
    expect(within(van).queryByText(GARAGE_WORDS.plateTerm)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeInTheDocument();
  });

  it('says the garage is empty', async () => {
    serveGarage([]);
    renderPage();
    expect(await screen.findByText(GARAGE_WORDS.empty)).toBeInTheDocument();
  });

  it('adds a vehicle: the default class first, make suggestions, the plate sent normalised, the card shown', async () => {
    const sent = serveGarage([]);
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: GARAGE_WORDS.add }));
    const dialog = await screen.findByRole('dialog', { name: GARAGE_WORDS.add });
    const classSelect = within(dialog).getByRole('combobox', { name: GARAGE_WORDS.classLabel });
    await waitFor(() => expect(classSelect).toHaveValue(SEDAN));
    const make = within(dialog).getByRole('combobox', { name: GARAGE_WORDS.makeLabel });
    const suggestions = document.getElementById(make.getAttribute('list') ?? '');
    expect(suggestions?.querySelector('option[value="Toyota"]')).not.toBeNull();

    await user.selectOptions(classSelect, SUV);
    await user.type(make, 'Ford');
    await user.type(within(dialog).getByRole('textbox', { name: /^Model/ }), 'Transit');
    await user.type(within(dialog).getByRole('textbox', { name: /^Year/ }), '2019');
    await user.type(within(dialog).getByRole('textbox', { name: /^Plate \(/ }), 'ab-12 cd');
    await user.type(within(dialog).getByRole('textbox', { name: /^Plate state/ }), 'TX');
    await user.click(within(dialog).getByRole('button', { name: GARAGE_WORDS.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/vehicles',
        body: {
          vehicleClass: SUV,
          make: 'Ford',
          model: 'Transit',
          year: 2019,
          colour: '',
          plate: 'AB12CD',
          plateRegion: 'TX',
          nickname: '',
        },
      },
    ]);
    expect(await screen.findByRole('article', { name: '2019 Ford Transit' })).toBeInTheDocument();
    expect(screen.getByText(VEHICLE_MESSAGES.created)).toBeInTheDocument();
  });

  it("checks the form with the contract's messages before sending, and shows the server's refusal under its field", async () => {
    const sent = serveGarage([], { status: 409, body: { success: false, message: VEHICLE_MESSAGES.plateTaken } });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: GARAGE_WORDS.add }));
    const dialog = await screen.findByRole('dialog', { name: GARAGE_WORDS.add });
    await user.type(within(dialog).getByRole('textbox', { name: /^Year/ }), '1800');
    await user.type(within(dialog).getByRole('textbox', { name: /^Plate \(/ }), '!!');
    await user.click(within(dialog).getByRole('button', { name: GARAGE_WORDS.save }));

    expect(within(dialog).getByText(VEHICLE_MESSAGES.makeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(VEHICLE_MESSAGES.modelRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(VEHICLE_MESSAGES.yearInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(VEHICLE_MESSAGES.plateInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);

    const year = within(dialog).getByRole('textbox', { name: /^Year/ });
    await user.clear(year);
    const plate = within(dialog).getByRole('textbox', { name: /^Plate \(/ });
    await user.clear(plate);
    await user.type(plate, 'ABC123');
    await user.type(within(dialog).getByRole('combobox', { name: GARAGE_WORDS.makeLabel }), 'Kia');
    await user.type(within(dialog).getByRole('textbox', { name: /^Model/ }), 'Soul');
    await user.click(within(dialog).getByRole('button', { name: GARAGE_WORDS.save }));

    expect(await within(dialog).findByText(VEHICLE_MESSAGES.plateTaken)).toBeInTheDocument();
    expect(plate).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: GARAGE_WORDS.add })).toBeInTheDocument();
  });

  it('edits a vehicle from its card, the form filled with what it has', async () => {
    const sent = serveGarage([aVehicle(1)]);
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit 2021 Toyota RAV4' }));
    const dialog = await screen.findByRole('dialog', { name: GARAGE_WORDS.edit });
    expect(within(dialog).getByRole('combobox', { name: GARAGE_WORDS.classLabel })).toHaveValue(SUV);
    expect(within(dialog).getByRole('textbox', { name: /^Plate \(/ })).toHaveValue('ABC123');
    await user.type(within(dialog).getByRole('textbox', { name: /^Nickname/ }), 'Family SUV');
    await user.click(within(dialog).getByRole('button', { name: GARAGE_WORDS.save }));

    expect(await screen.findByRole('article', { name: 'Family SUV' })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: `/api/vehicles/${aVehicle(1)._id}`,
      body: { nickname: 'Family SUV', make: 'Toyota', model: 'RAV4', year: 2021, plate: 'ABC123', vehicleClass: SUV },
    });
  });

  it('removes a vehicle only once the customer confirms', async () => {
    const sent = serveGarage([aVehicle(1)]);
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Remove 2021 Toyota RAV4' }));
    const confirm = await screen.findByRole('alertdialog', { name: GARAGE_WORDS.removeTitle });
    expect(sent).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: GARAGE_WORDS.remove }));

    expect(await screen.findByText(GARAGE_WORDS.empty)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/vehicles/${aVehicle(1)._id}`, body: null }]);
  });
});
