import { describe, expect, it } from 'vitest';
import { lineItemFixture } from '../../testing/line-item-rows.ts';
import {
  positionFromState,
  positionLabel,
  readNavigationState,
  replaceInList,
  stateForIndex,
} from './line-item-navigation.ts';

const lineItem = (id: number, title = `PO-${id}`) => lineItemFixture({ _id: String(id), title });

const list = [lineItem(10), lineItem(11), lineItem(12)];

describe('reading navigation state', () => {
  it('keeps what the dashboard and the shipment screen pass', () => {
    const state = { lineItem: list[1], subsetData: list, index: 1, fromShipment: true, shipmentId: 'QS-1' };
    expect(readNavigationState(state)).toEqual(state);
  });

  it("keeps a list of references: the dashboard's rows pass no more", () => {
    const refs = list.map(({ _id, title, related_shipment }) => ({ _id, title, related_shipment }));
    const state = { lineItem: refs[2], subsetData: refs, index: 2 };
    expect(readNavigationState(state)).toEqual({ ...state, fromShipment: false, shipmentId: undefined });
    expect(positionFromState('PO-12', readNavigationState(state))).toEqual({ list: refs, index: 2 });
  });

  it('drops anything not shaped as expected', () => {
    expect(readNavigationState(null)).toEqual({});
    expect(readNavigationState('x')).toEqual({});
    const state = readNavigationState({ lineItem: { title: 'PO-1' }, subsetData: [list[0], 42], index: 1.5 });
    expect(state.lineItem).toBeUndefined();
    expect(state.subsetData).toBeUndefined();
    expect(state.index).toBeUndefined();
    expect(state.fromShipment).toBe(false);
  });
});

describe('the position in the passed list', () => {
  it('reads the id as an index into the list', () => {
    expect(positionFromState('2', { subsetData: list })).toEqual({ list, index: 2 });
    expect(positionFromState('0', { subsetData: list })).toEqual({ list, index: 0 });
  });

  it('finds the passed line item first, so a PO number of digits is not read as an index', () => {
    expect(positionFromState('PO-11', { subsetData: list, lineItem: list[1] })).toEqual({ list, index: 1 });
    expect(positionFromState('7', { subsetData: list, lineItem: list[2] })).toEqual({ list, index: 2 });
    expect(positionFromState('1', { subsetData: list, lineItem: list[2] })).toEqual({ list, index: 2 });
  });

  it('is none without a list, so the id is looked up as a PO number', () => {
    expect(positionFromState('2', {})).toBeNull();
    expect(positionFromState('2', { subsetData: [] })).toBeNull();
    expect(positionFromState('4500012345', { subsetData: list })).toBeNull();
  });

  it('reads n of m from 1', () => {
    expect(positionLabel({ list, index: 0 })).toBe('1 of 3');
    expect(positionLabel({ list, index: 2 })).toBe('3 of 3');
  });
});

describe('moving and saving', () => {
  it('opens another index of the same list, keeping where the visit came from', () => {
    const state = stateForIndex({ fromShipment: true, shipmentId: 'QS-1' }, list, 2);
    expect(state).toEqual({ fromShipment: true, shipmentId: 'QS-1', subsetData: list, index: 2, lineItem: list[2] });
  });

  it('puts a saved line item in its place', () => {
    const saved = { ...lineItem(11), title: 'PO-11-B' };
    expect(replaceInList(list, saved).map((item) => item.title)).toEqual(['PO-10', 'PO-11-B', 'PO-12']);
  });
});
