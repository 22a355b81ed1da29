/** What the rest of the API may use of the users module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { imagesRoutes } from './images.routes';
export { usersRoutes } from './users.routes';
// For other modules.
export {
  countNewCustomers,
  countUsers,
  createUser,
  findSignedInUser,
  findUserByEmail,
  findUserById,
  lockUser,
  type NewUser,
  replacePasswordHash,
  setPasswordHash,
  setUserRole,
  toUserDto,
} from './users.service';
