import { administrationRouteName, type RouteEntry } from './route-entry';

/** The Administration group every admin module hangs under (wrench icon, order 100). */
export const administrationRoute: RouteEntry = {
  name: administrationRouteName,
  iconClass: 'wrench',
  order: 100,
};
