import type { View } from '@quayside/domain/views';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast.tsx';
import { failureMessage } from '../../../lib/api.ts';
import type { GridLayout } from '../grid/grid-layout.ts';
import type { DashboardAction } from './dashboard-view.ts';
import { openedNamedView } from './named-view.ts';
import { viewQuery, viewsQuery } from './views-api.ts';

/** The address `?view=12`: a named view's link. */
const linkedViewId = (params: URLSearchParams) => {
  const text = params.get('view') ?? '';
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : undefined;
};

type NamedViewsOptions = {
  dispatch: (action: DashboardAction) => void;
  layout: GridLayout;
  setLayout: (layout: GridLayout) => void;
  /** Nothing in the address and nothing saved in this browser: the user's default view may open. */
  opensBlank: boolean;
};

/**
 * Named views on the dashboard: opening one (from the Views menu or its link, whose
 * `view` leaves the address once the view's own query is in it), and, on a dashboard opened with
 * nothing to show yet, the user's default view, else the organisation's (staff).
 */
export function useNamedViews({ dispatch, layout, setLayout, opensBlank }: NamedViewsOptions) {
  const [params, setParams] = useSearchParams();
  const { notify } = useToast();
  // The named view last opened: the page names it while its rows are the ones shown.
  const [lastOpened, setLastOpened] = useState<View | null>(null);
  const open = (named: View) => {
    const opened = openedNamedView(named, layout);
    setLayout(opened.layout);
    dispatch({ type: 'load', view: opened.view });
    setLastOpened(named);
  };
  // Called from effects below with the latest layout, without re-running them when it changes.
  const openRef = useRef(open);
  openRef.current = open;

  const linkedId = linkedViewId(params);
  const linked = useQuery({ ...viewQuery(linkedId ?? 0), enabled: linkedId !== undefined });
  useEffect(() => {
    if (linkedId === undefined) return;
    if (linked.data) openRef.current(linked.data);
    else if (linked.isError) {
      notify({ type: 'error', message: failureMessage(linked.error, 'The view could not be opened.') });
      setParams((current) => {
        current.delete('view');
        return current;
      });
    }
  }, [linkedId, linked.data, linked.isError, linked.error, notify, setParams]);

  const isWaitingForDefault = useRef(opensBlank);
  const views = useQuery({ ...viewsQuery(), enabled: opensBlank });
  useEffect(() => {
    if (!isWaitingForDefault.current || !views.data) return;
    isWaitingForDefault.current = false;
    const id = views.data.myDefault ?? views.data.orgDefault;
    const named = views.data.views.find((view) => view.id === id);
    if (named) openRef.current(named);
  }, [views.data]);

  return { open, lastOpened };
}
