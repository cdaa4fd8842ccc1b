import { useState } from 'react';
import { useProfile } from '../../../lib/profile.tsx';
import { useGridLayout } from '../grid/use-grid-layout.ts';
import { isSameList, namedViewOf } from './named-view.ts';
import { hasSavedView, useDashboardView } from './use-dashboard-view.ts';
import { useNamedViews } from './use-named-views.ts';

/**
 * The user's view (URL and saved), their table layout, the named views that set both, and the
 * named view open now: the one last opened, while the dashboard still shows its rows.
 */
export function useViewAndLayout(email: string) {
  const [view, dispatch] = useDashboardView(email);
  const [layout, setLayout] = useGridLayout(email, useProfile().profile?.role);
  const [opensBlank] = useState(() => window.location.search === '' && !hasSavedView(email));
  const { open: openNamedView, lastOpened } = useNamedViews({ dispatch, layout, setLayout, opensBlank });
  const openView = lastOpened && isSameList(lastOpened.query, namedViewOf(view, layout).query) ? lastOpened : null;
  return { view, dispatch, layout, setLayout, openNamedView, openView };
}
