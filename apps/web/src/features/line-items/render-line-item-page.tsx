import type { LineItem } from '@quayside/domain/line-items';
import { paths } from '../../lib/navigation.ts';
import { type RenderOptions, renderScreen } from '../../testing/render-screen.tsx';
import { LineItemPage } from './line-item-page.tsx';

/**
 * The page of `lineItem` as a link opens it (its PO number and shipment in the address), the
 * server answering GET /api/LineItems with it unless `options.api` answers otherwise.
 */
export const renderLineItemPage = (lineItem: LineItem, options: Omit<RenderOptions, 'at' | 'route'> = {}) =>
  renderScreen(<LineItemPage />, {
    ...options,
    route: paths.lineItemPattern,
    at: paths.lineItemOf(lineItem),
    api: { 'GET /api/LineItems': () => ({ lineItems: [lineItem] }), ...options.api },
  });
