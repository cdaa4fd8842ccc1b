import { REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
import { describe, expect, it } from 'vitest';
import { chooserColumns, DEFAULT_LAYOUT, moveColumn, parseLayout, shownColumns, toggleColumn } from './grid-layout.ts';

describe('the table layout', () => {
  it('shows Dest. ETA and the dates by default, and SPEC.md list on DR', () => {
    expect(DEFAULT_LAYOUT.columns.default).toEqual(expect.arrayContaining(['atd', 'dest_eta', 'ata', 'est_delivery']));
    expect(DEFAULT_LAYOUT.columns.default[0]).toBe('title');
    expect(DEFAULT_LAYOUT.columns.dr).toEqual(REPORT_COLUMNS.dr);
  });

  it('reads a stored layout, keeping PO # first and dropping unknown, repeated or other-report columns', () => {
    expect(shownColumns('dr', ['dest_eta', 'title', 'dest_eta', 'nope', 'cosignee_name', 'ata'])).toEqual([
      'title',
      'dest_eta',
      'ata',
    ]);
    expect(shownColumns('default', 'atd')).toBeNull();
    const layout = parseLayout({ columns: { default: ['ata'], dr: 7 }, density: 'comfortable' });
    expect(layout).toEqual({ columns: { default: ['title', 'ata'], dr: REPORT_COLUMNS.dr }, density: 'comfortable' });
    expect(parseLayout('garbage')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout({ density: 'tiny' }).density).toBe('compact');
  });

  it('lists the shown columns in order, then the hidden ones', () => {
    const entries = chooserColumns('dr', ['title', 'ata', 'house']);
    expect(entries.slice(0, 3)).toEqual([
      { key: 'title', isShown: true },
      { key: 'ata', isShown: true },
      { key: 'house', isShown: true },
    ]);
    expect(entries).toHaveLength(REPORT_COLUMNS.dr.length);
    expect(entries.slice(3).every((entry) => !entry.isShown)).toBe(true);
  });

  it('hides and shows a column, never PO #', () => {
    expect(toggleColumn(['title', 'atd'], 'atd')).toEqual(['title']);
    expect(toggleColumn(['title'], 'master')).toEqual(['title', 'master']);
    expect(toggleColumn(['title', 'atd'], 'title')).toEqual(['title', 'atd']);
  });

  it('moves a column within the shown ones, behind PO #', () => {
    expect(moveColumn(['title', 'a', 'b', 'c'] as never, 'c' as never, 1)).toEqual(['title', 'c', 'a', 'b']);
    expect(moveColumn(['title', 'a', 'b', 'c'] as never, 'a' as never, 2)).toEqual(['title', 'b', 'a', 'c']);
    expect(moveColumn(['title', 'a', 'b'] as never, 'a' as never, 0)).toEqual(['title', 'a', 'b']);
    expect(moveColumn(['title', 'a', 'b'] as never, 'title' as never, 2)).toEqual(['title', 'a', 'b']);
  });
});
