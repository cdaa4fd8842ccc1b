import type { Filter } from '@quayside/domain/line-item-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from './filter-panel.tsx';
import type { FilterLogic } from './filters.ts';

function openPanel(filters: Filter[] = [], logic: FilterLogic = 'AND') {
  const anchor = document.createElement('button');
  document.body.append(anchor);
  const onApply = vi.fn();
  const onClose = vi.fn();
  render(
    <FilterPanel
      anchorEl={anchor}
      onClose={onClose}
      report="default"
      filters={filters}
      logic={logic}
      onApply={onApply}
    />,
  );
  const panel = screen.getByRole('dialog', { name: 'Filter Data' });
  const row = (number: number) => within(panel).getByRole('group', { name: `Filter ${number}` });
  return { panel, row, onApply, onClose };
}

describe('the filter panel', () => {
  it('opens with one new row: the first column, contains, and no value', () => {
    const { row } = openPanel();
    expect(within(row(1)).getByRole('combobox', { name: 'Column' })).toHaveValue('title');
    expect(within(row(1)).getByRole('combobox', { name: 'Operator' })).toHaveValue('contains');
    expect(within(row(1)).getByRole('textbox', { name: 'Value' })).toHaveValue('');
  });

  it('opens on the filters and logic in force', () => {
    const { panel, row } = openPanel([{ column: 'transit_type', operator: 'equals', value: 'SEA' }], 'OR');
    expect(within(row(1)).getByRole('combobox', { name: 'Column' })).toHaveValue('transit_type');
    expect(within(row(1)).getByRole('textbox', { name: 'Value' })).toHaveValue('SEA');
    expect(within(panel).getByRole('button', { name: 'OR' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('applies only the rows that constrain anything, with the logic chosen, and closes', async () => {
    const { panel, row, onApply, onClose } = openPanel();
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: 'Column' }), 'forwarder_name');
    await userEvent.type(within(row(1)).getByRole('textbox', { name: 'Value' }), 'blue');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Filter' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Filter' }));
    await userEvent.selectOptions(within(row(3)).getByRole('combobox', { name: 'Operator' }), 'isEmpty');
    await userEvent.selectOptions(within(row(3)).getByRole('combobox', { name: 'Column' }), 'ata');
    await userEvent.click(within(panel).getByRole('button', { name: 'OR' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith(
      [
        { column: 'forwarder_name', operator: 'contains', value: 'blue' },
        { column: 'ata', operator: 'isEmpty', value: '' },
      ],
      'OR',
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('needs no value for is empty, and a date column takes a date', async () => {
    const { row } = openPanel();
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: 'Operator' }), 'isNotEmpty');
    expect(within(row(1)).queryByRole('textbox', { name: 'Value' })).toBeNull();
    expect(within(row(1)).getByText('No value needed')).toBeInTheDocument();
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: 'Operator' }), 'greaterThan');
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: 'Column' }), 'dest_eta');
    expect(within(row(1)).getByLabelText('Value')).toHaveAttribute('type', 'date');
  });

  it('removes a row, and Clear All applies no filters at once', async () => {
    const { panel, row, onApply } = openPanel([
      { column: 'title', operator: 'contains', value: 'PO-1' },
      { column: 'house', operator: 'startsWith', value: 'H' },
    ]);
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Remove filter 1' }));
    expect(within(row(1)).getByRole('combobox', { name: 'Column' })).toHaveValue('house');
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear All' }));
    expect(onApply).toHaveBeenCalledWith([], 'AND');
    expect(within(panel).getByText('No filters. Add one to narrow the list.')).toBeInTheDocument();
  });
  it('applies the filters on Enter in a value', async () => {
    const { row, onApply, onClose } = openPanel();
    await userEvent.type(within(row(1)).getByRole('textbox', { name: 'Value' }), 'PO-7{Enter}');
    expect(onApply).toHaveBeenCalledWith([{ column: 'title', operator: 'contains', value: 'PO-7' }], 'AND');
    expect(onClose).toHaveBeenCalled();
  });

  it('asks before Esc discards rows not applied, and closes at once when nothing changed', async () => {
    const { panel, row, onApply, onClose } = openPanel();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(within(row(1)).getByRole('textbox', { name: 'Value' }), 'bolt');
    await userEvent.keyboard('{Escape}');
    const question = within(panel).getByRole('alertdialog', { name: 'Discard the filters not applied?' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(row(1)).getByRole('textbox', { name: 'Value' })).toHaveValue('bolt');

    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onApply).not.toHaveBeenCalled();
  });

  it("offers a date column's relative operators, with a number of days or two dates, and applies them as written", async () => {
    const { panel, row, onApply } = openPanel();
    const operator = () => within(row(1)).getByRole('combobox', { name: 'Operator' });
    // A text column does not offer them.
    expect(within(operator()).queryByRole('option', { name: 'in the next N days' })).toBeNull();
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: 'Column' }), 'dest_eta');
    await userEvent.selectOptions(operator(), 'in the next N days');
    await userEvent.type(within(row(1)).getByRole('spinbutton', { name: 'Days' }), '7');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Filter' }));
    await userEvent.selectOptions(within(row(2)).getByRole('combobox', { name: 'Column' }), 'atd');
    await userEvent.selectOptions(within(row(2)).getByRole('combobox', { name: 'Operator' }), 'between');
    await userEvent.type(within(row(2)).getByLabelText('From'), '2026-03-01');
    await userEvent.type(within(row(2)).getByLabelText('To'), '2026-03-31');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add Filter' }));
    await userEvent.selectOptions(within(row(3)).getByRole('combobox', { name: 'Column' }), 'ata');
    await userEvent.selectOptions(within(row(3)).getByRole('combobox', { name: 'Operator' }), 'is today');
    expect(within(row(3)).getByText('No value needed')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith(
      [
        { column: 'dest_eta', operator: 'inNextDays', value: '7' },
        { column: 'atd', operator: 'between', value: '2026-03-01/2026-03-31' },
        { column: 'ata', operator: 'isToday', value: '' },
      ],
      'AND',
    );
  });

  it('says what is wrong with a number of hours or two dates out of order, and applies nothing until fixed', async () => {
    const { panel, row, onApply } = openPanel([
      { column: 'dest_eta', operator: 'changedInLastHours', value: '0' },
      { column: 'atd', operator: 'between', value: '2026-03-31/2026-03-01' },
    ]);
    expect(within(row(1)).getByRole('spinbutton', { name: 'Hours' })).toHaveValue(0);
    expect(
      within(row(1)).getByText('The operator changedInLastHours takes a whole number of hours from 1 to 87600.'),
    ).toBeInTheDocument();
    expect(within(row(2)).getByText(/the first not after the second/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Remove filter 2' }));
    await userEvent.clear(within(row(1)).getByRole('spinbutton', { name: 'Hours' }));
    await userEvent.type(within(row(1)).getByRole('spinbutton', { name: 'Hours' }), '24');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith([{ column: 'dest_eta', operator: 'changedInLastHours', value: '24' }], 'AND');
  });

  it('goes back to contains when a date operator row moves to a text column', async () => {
    const { row } = openPanel([{ column: 'dest_eta', operator: 'inLastDays', value: '3' }]);
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: 'Column' }), 'title');
    expect(within(row(1)).getByRole('combobox', { name: 'Operator' })).toHaveValue('contains');
    expect(within(row(1)).getByRole('textbox', { name: 'Value' })).toHaveValue('');
  });
});
