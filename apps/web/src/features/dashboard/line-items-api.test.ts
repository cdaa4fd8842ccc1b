import { describe, expect, it } from 'vitest';
import { requestedColumns } from './line-items-api.ts';

describe('the columns a page asks for', () => {
  it("are the shown ones in the report's order, so moving a column asks nothing again", () => {
    expect(requestedColumns('default', ['title', 'dest_eta', 'forwarder_name', 'numberOfParts'])).toEqual([
      'title',
      'forwarder_name',
      'numberOfParts',
      'dest_eta',
    ]);
    expect(requestedColumns('dr', ['title', 'related_shipment', 'house'])).toEqual([
      'title',
      'house',
      'related_shipment',
    ]);
  });
});
