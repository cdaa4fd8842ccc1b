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
});
