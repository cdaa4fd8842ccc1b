import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExceptionBadges } from './exception-badges.tsx';

// A badge names the case and its size in words: readable without its colour.

describe('an exception badge', () => {
  it('names the case and its size in words, its severity in its title', () => {
    render(
      <ExceptionBadges
        exceptions={['late_departure', 'late_arrival', 'late_delivery', 'eta_slipped', 'missing_documents', 'stale']}
        facts={{
          late_departure: 2,
          late_arrival: 6,
          late_delivery: 1,
          eta_slipped: 9,
          missing_documents: ['Bill of Lading', 'Packing List'],
          stale: 20,
        }}
      />,
    );
    expect(screen.getByText('Late departure · 2 d')).toBeInTheDocument();
    expect(screen.getByText('Late arrival · 6 d')).toHaveAttribute('title', 'Urgent: Late arrival');
    expect(screen.getByText('Late delivery · 1 d')).toBeInTheDocument();
    expect(screen.getByText('ETA +9 d')).toHaveAttribute('title', 'Attention: ETA slipped');
    expect(screen.getByText('Missing: Bill of Lading, Packing List')).toBeInTheDocument();
    expect(screen.getByText('Stale · 20 d')).toHaveAttribute('title', 'Check: Stale');
  });

  it('falls back to the name alone when the size is not known', () => {
    render(<ExceptionBadges exceptions={['late_arrival', 'missing_documents']} facts={undefined} />);
    expect(screen.getByText('Late arrival')).toBeInTheDocument();
    expect(screen.getByText('Missing documents')).toBeInTheDocument();
  });
});
