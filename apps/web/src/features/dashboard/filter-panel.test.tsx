import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { FilterPanel } from './filter-panel.tsx';

it('opens with one row to fill in', () => {
  const anchor = document.createElement('button');
  document.body.append(anchor);
  render(<FilterPanel anchorEl={anchor} onClose={vi.fn()} report="dr" filters={[]} logic="AND" onApply={vi.fn()} />);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});
