import { paths } from '../../lib/navigation.ts';
import { type RenderOptions, renderScreen } from '../../testing/render-screen.tsx';
import { ShipmentPage } from './shipment-page.tsx';

// The shipment page as its screen tests open it: from a link to one shipment, or to create one.

type PageOptions = Omit<RenderOptions, 'at' | 'route'>;

/** The page of shipment `shipmentNumber`, the server answered by `options.api`. */
export const renderShipmentPage = (shipmentNumber: string, options: PageOptions = {}) =>
  renderScreen(<ShipmentPage mode="edit" />, {
    ...options,
    route: paths.shipmentPattern,
    at: paths.shipment(shipmentNumber),
  });

/** The page that creates a shipment. */
export const renderCreateShipmentPage = (options: PageOptions = {}) =>
  renderScreen(<ShipmentPage mode="create" />, {
    ...options,
    route: paths.createShipment,
    at: paths.createShipment,
  });
