import confetti from 'canvas-confetti';

/** SPEC.md §9: the confetti after saving parts lasts 4000 ms. */
export const CONFETTI_MS = 4000;

let cannon: confetti.CreateTypes | null = null;

/**
 * Confetti from both lower corners for `durationMs`, above any open dialog. Drawn on the main
 * thread: the library's default runs in a blob: worker, which our CSP (script-src 'self') refuses.
 * Skipped for people who ask for reduced motion.
 */
export function celebrate(durationMs = CONFETTI_MS) {
  cannon ??= confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
  const fire = cannon;
  const end = Date.now() + durationMs;
  const burst = () => {
    const shared = { particleCount: 4, spread: 60, startVelocity: 55, zIndex: 2000 };
    void fire({ ...shared, angle: 60, origin: { x: 0, y: 0.8 } });
    void fire({ ...shared, angle: 120, origin: { x: 1, y: 0.8 } });
    if (Date.now() < end) requestAnimationFrame(burst);
  };
  burst();
}
