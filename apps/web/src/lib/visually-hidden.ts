/**
 * Hidden from sight, not from screen readers (nor keyboards, on an input). Absolute, so its parent
 * must be positioned: else it sits where it would have flowed, outside any scrolling box, and can
 * widen the page.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  // Strings: sx reads the numbers 0–1 as fractions of the parent.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
