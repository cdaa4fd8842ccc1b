import { useState } from 'react';
import { useProfile } from '../../../lib/profile.tsx';
import { useGridLayout } from '../grid/use-grid-layout.ts';
import { hasSavedView, useDashboardView } from './use-dashboard-view.ts';
import { useNamedViews } from './use-named-views.ts';

/** The user's view (URL and saved), their table layout, and the named views that set both. */
export function useViewAndLayout(email: string) {
  const [view, dispatch] = useDashboardView(email);
  const [layout, setLayout] = useGridLayout(email, useProfile().profile?.role);
  const [opensBlank] = useState(() => window.location.search === '' && !hasSavedView(email));
  const openNamedView = useNamedViews({ dispatch, layout, setLayout, opensBlank });
  return { view, dispatch, layout, setLayout, openNamedView };
}
