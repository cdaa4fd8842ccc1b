import { type RefObject, useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router';
import { screenList } from '../screens.ts';

/** How long a screen may take to draw its heading (its code and data arriving) before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/** The screen an address opens, by its route's pattern (the line item of any id is one screen). */
const screenOf = (pathname: string) =>
  screenList.find(([, screen]) => matchPath(screen.path, pathname))?.[0] ?? pathname;

const isFocusLost = (element: Element | null) => !element || element === document.body || !element.isConnected;

/**
 * After moving to another screen, the keyboard's focus goes to the new screen's heading (its
 * `h1` in `main`), as a screen reader's reading does: the control that was pressed is gone or
 * belongs to the screen left behind, and the browser would drop the focus to the page's body.
 * Within one screen (the next line item) the focus stays on what was pressed, unless that is gone.
 * The heading is waited for while the screen's code and data arrive; whatever the user does in
 * the meantime (a key, a click, a field focused by the screen itself) leaves the focus theirs.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const left = previous.current;
    previous.current = pathname;
    const container = main.current;
    // The first screen after loading the page: the browser's own start, nothing pressed to replace.
    if (left === null || left === pathname || !container) return;
    const isNewScreen = screenOf(left) !== screenOf(pathname);
    const pressed = document.activeElement;

    const moveFocus = () => {
      const active = document.activeElement;
      const heading = container.querySelector('h1');
      if (active === heading && heading) return;
      const isStale = isNewScreen && active === pressed;
      if (!isFocusLost(active) && !isStale) {
        // Someone else has the focus now: the user, or the screen itself.
        if (active !== pressed) stop();
        return;
      }
      if (!heading) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };

    // The heading may come later, or be replaced (a new line item's data): watch until the user acts.
    const observer = new MutationObserver(moveFocus);
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    }
    observer.observe(container, { childList: true, subtree: true });
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    moveFocus();
    return stop;
  }, [pathname, main]);
}
