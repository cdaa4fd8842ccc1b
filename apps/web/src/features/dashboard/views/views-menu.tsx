import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import BusinessIcon from '@mui/icons-material/Business';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import LinkIcon from '@mui/icons-material/Link';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import type { View } from '@quayside/domain/views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { viewKeys } from '../../../lib/query-keys.ts';
import { namedViewLink } from './named-view.ts';
import { SaveViewDialog, type SaveViewDialogProps } from './save-view-dialog.tsx';
import { ToolbarPopover } from './toolbar-popover.tsx';
import { deleteView, setMyDefaultView, setOrganisationDefaultView, updateView, viewsQuery } from './views-api.ts';

type ViewsMenuProps = {
  /** Opens a view on the dashboard. */
  onOpen: (view: View) => void;
  /** An Admin sets the organisation's default view. */
  isAdmin: boolean;
  /** What 'Save view' would store, and for whom it is shared. */
  current: SaveViewDialogProps['current'];
  shareLabel: string;
  /** Who a shared view's link opens for: 'every staff user', 'everyone in your company'. */
  audience: string;
};

const describe = (view: View) =>
  [
    view.mine ? (view.shared ? 'Shared by you' : 'Only you') : `Shared by ${view.owner.name || view.owner.email}`,
    view.isMyDefault ? 'your default' : null,
    view.isOrgDefault ? 'organisation default' : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** 'Views': the named views the user may open (theirs and those shared with them), and 'Save view'. */
export function ViewsMenu({ onOpen, isAdmin, current, shareLabel, audience }: ViewsMenuProps) {
  const [isSaving, setIsSaving] = useState(false);
  // A private view whose link was asked for: the offer to share it first.
  const [offered, setOffered] = useState<View | null>(null);
  const copyLink = useCopyLink(audience);
  // The views as last listed, for 'Save view' to know the user's own names.
  const mine = (useQuery({ ...viewsQuery(), enabled: false }).data?.views ?? []).filter((view) => view.mine);
  return (
    <>
      <ToolbarPopover label="Views" icon={<BookmarksIcon />} width={440}>
        {(close) => (
          <>
            <ViewList
              isAdmin={isAdmin}
              onOpen={(view) => {
                close();
                onOpen(view);
              }}
              onCopyLink={(view) => {
                if (view.mine && !view.shared) {
                  close();
                  setOffered(view);
                } else void copyLink(view);
              }}
            />
            <Button
              variant="contained"
              onClick={() => {
                close();
                setIsSaving(true);
              }}
              sx={{ alignSelf: 'flex-start' }}
            >
              Save view
            </Button>
          </>
        )}
      </ToolbarPopover>
      {isSaving ? (
        <SaveViewDialog current={current} shareLabel={shareLabel} mine={mine} onClose={() => setIsSaving(false)} />
      ) : null}
      {offered ? (
        <ShareOffer
          view={offered}
          shareLabel={shareLabel}
          audience={audience}
          onCopy={(view) => {
            setOffered(null);
            void copyLink(view);
          }}
          onClose={() => setOffered(null)}
        />
      ) : null}
    </>
  );
}

/** Copies a view's link and says who it opens for (shown instead where the clipboard is refused). */
function useCopyLink(audience: string) {
  const { notify } = useToast();
  return async (view: Pick<View, 'id' | 'name' | 'shared'>) => {
    const who = view.shared ? `${capitalised(audience)} can open it.` : 'Only you can open it.';
    try {
      await navigator.clipboard.writeText(namedViewLink(view.id));
      notify({ type: 'success', message: `Link to “${view.name}” copied. ${who}` });
    } catch {
      notify({ type: 'info', message: `Link to “${view.name}”: ${namedViewLink(view.id)} ${who}` });
    }
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * 'Copy link' on a view only its owner can open: anyone else would get 'View not found', so the
 * link is offered with sharing the view (with staff, or the owner's company), or alone.
 */
function ShareOffer({
  view,
  shareLabel,
  audience,
  onCopy,
  onClose,
}: {
  view: View;
  shareLabel: string;
  audience: string;
  onCopy: (view: Pick<View, 'id' | 'name' | 'shared'>) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const share = useMutation({
    mutationFn: () =>
      updateView(view.id, {
        name: view.name,
        shared: true,
        query: view.query,
        columns: view.columns,
        density: view.density,
      }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: viewKeys.all });
      onCopy(saved);
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Copy link to “{view.name}”</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Only you can open this view: anyone else who opens the link gets ‘View not found’. Share it, and {audience}{' '}
          can open it.
        </DialogContentText>
        {share.isError ? (
          <Typography color="error" sx={{ mt: 1 }}>
            {failureMessage(share.error, 'The view could not be shared.')}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={() => onCopy(view)}>Copy link only</Button>
        <Button variant="contained" disabled={share.isPending} onClick={() => share.mutate()}>
          {`${shareLabel} and copy link`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The views, asked for each time the panel opens (a colleague may have shared one since), each with its actions. */
function ViewList({
  isAdmin,
  onOpen,
  onCopyLink,
}: {
  isAdmin: boolean;
  onOpen: (view: View) => void;
  onCopyLink: (view: View) => void;
}) {
  const views = useQuery(viewsQuery());
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.all }),
    onError: (error) => notify({ type: 'error', message: failureMessage(error, 'The view could not be changed.') }),
  });

  return (
    <>
      {views.isPending ? <Typography color="text.secondary">Loading views…</Typography> : null}
      {views.isError ? (
        <Typography color="error">{failureMessage(views.error, 'Failed to load views.')}</Typography>
      ) : null}
      {views.data?.views.length === 0 ? (
        <Typography color="text.secondary">
          No saved views yet. Save this one to come back to it, or share it.
        </Typography>
      ) : null}
      <List dense disablePadding aria-label="Saved views" sx={{ maxHeight: '50vh', overflowY: 'auto' }}>
        {views.data?.views.map((view) => (
          <ListItem
            key={view.id}
            disablePadding
            secondaryAction={
              <Box>
                <Tooltip title="Copy link">
                  <IconButton size="small" aria-label={`Copy link to ${view.name}`} onClick={() => onCopyLink(view)}>
                    <LinkIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={view.isMyDefault ? 'Your default: click to clear' : 'Make my default'}>
                  <IconButton
                    size="small"
                    aria-label={`${view.name}: my default`}
                    aria-pressed={view.isMyDefault}
                    onClick={() => change.mutate(() => setMyDefaultView(view.isMyDefault ? null : view.id))}
                  >
                    {view.isMyDefault ? (
                      <StarIcon fontSize="small" color="primary" />
                    ) : (
                      <StarBorderIcon fontSize="small" />
                    )}
                  </IconButton>
                </Tooltip>
                {isAdmin && view.shared ? (
                  <Tooltip
                    title={view.isOrgDefault ? 'Organisation default: click to clear' : 'Make organisation default'}
                  >
                    <IconButton
                      size="small"
                      aria-label={`${view.name}: organisation default`}
                      aria-pressed={view.isOrgDefault}
                      onClick={() =>
                        change.mutate(() => setOrganisationDefaultView(view.isOrgDefault ? null : view.id))
                      }
                    >
                      <BusinessIcon fontSize="small" color={view.isOrgDefault ? 'primary' : 'inherit'} />
                    </IconButton>
                  </Tooltip>
                ) : null}
                {view.mine ? (
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      aria-label={`Delete ${view.name}`}
                      onClick={() => change.mutate(() => deleteView(view.id))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </Box>
            }
            sx={{ pr: isAdmin ? 18 : 14 }}
          >
            <ListItemButton onClick={() => onOpen(view)}>
              <ListItemText primary={view.name} secondary={describe(view)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}
