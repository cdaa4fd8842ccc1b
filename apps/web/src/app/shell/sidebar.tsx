import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import LogoutIcon from '@mui/icons-material/Logout';
import SearchIcon from '@mui/icons-material/Search';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import {
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { AlertBell, useUnreadAlerts } from '../../components/alerts/alert-bell.tsx';
import { ShipmentSearch } from '../../features/shipments/shipment-search.tsx';
import { paths } from '../../lib/navigation.ts';
import { useProfile } from '../../lib/profile.tsx';
import { useSession, useSignedInUser } from '../../lib/session.tsx';
import { useSiteSettings } from '../../lib/site.ts';
import { useIsSupplier } from '../../lib/use-is-supplier.ts';
import { mayOpen, screenList } from '../screens.ts';

export const RAIL_WIDTH = 72;
export const EXPANDED_WIDTH = 264;
const ROW_HEIGHT = 48;

type NavEntry = {
  label: string;
  to: string;
  icon: ReactNode;
  /** What a screen reader says when it is more than the label (the bell's unread count). */
  accessibleName?: string;
};

function NavItem({ entry, isExpanded }: { entry: NavEntry; isExpanded: boolean }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={entry.to}
        end
        aria-label={entry.accessibleName ?? entry.label}
        sx={{
          // Rows keep their height when the labels appear, so a row pointed at does not move away.
          minHeight: ROW_HEIGHT,
          borderLeft: '4px solid transparent',
          '&.active': { borderLeftColor: 'primary.main', bgcolor: 'action.selected', fontWeight: 600 },
        }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
        {isExpanded ? <ListItemText primary={entry.label} /> : null}
      </ListItemButton>
    </ListItem>
  );
}

/**
 * SPEC.md §2 'Sidebar': the only place that links to the pages. Collapsed to an icon rail on
 * desktop (expanded while hovered), always expanded inside the mobile drawer.
 */
export function Sidebar({ isExpanded, onNavigate }: { isExpanded: boolean; onNavigate?: () => void }) {
  const user = useSignedInUser();
  const { profile } = useProfile();
  const { signOut } = useSession();
  const { supportUrl, supportEmail } = useSiteSettings();
  const navigate = useNavigate();
  const [isSearching, setIsSearching] = useState(false);
  const role = profile?.role;
  // A supplier's contact has no shipments to search: the server would refuse it. Every role has alerts.
  const isSupplierContact = useIsSupplier();
  const unreadAlerts = useUnreadAlerts();
  const support = supportUrl ?? (supportEmail ? `mailto:${supportEmail}` : null);

  const entries: NavEntry[] = screenList.flatMap(([, screen]) => {
    if (!screen.nav || !mayOpen(screen, role)) return [];
    const { label, icon: Icon } = screen.nav;
    if (Icon !== 'alert-bell') return [{ label, to: screen.path, icon: <Icon /> }];
    const accessibleName = unreadAlerts > 0 ? `${label}, ${unreadAlerts} unread` : label;
    return [{ label, to: screen.path, icon: <AlertBell unread={unreadAlerts} />, accessibleName }];
  });

  const logout = async () => {
    await signOut();
    navigate(paths.login, { replace: true });
  };

  return (
    <Stack component="nav" aria-label="Main" sx={{ height: '100%', py: 2 }} onClick={onNavigate}>
      <Stack direction="row" spacing={1.5} sx={{ px: 2.5, mb: 2, minHeight: 40, alignItems: 'center' }}>
        <DirectionsBoatIcon color="primary" aria-hidden />
        {isExpanded ? (
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            Quayside
          </Typography>
        ) : null}
      </Stack>

      {isSupplierContact ? null : (
        <Box sx={{ px: 1.5, mb: 1, minHeight: 40 }} onClick={(event) => event.stopPropagation()}>
          {isExpanded ? (
            <ShipmentSearch onFocusChange={setIsSearching} />
          ) : (
            <Tooltip title="Search shipments" placement="right">
              <SearchIcon sx={{ ml: 1.5, mt: 1, color: 'text.secondary' }} aria-label="Search shipments" />
            </Tooltip>
          )}
        </Box>
      )}

      {/* Focusing the search dims the navigation (SPEC.md §2). */}
      <List sx={{ flex: 1, opacity: isSearching ? 0.35 : 1, transition: 'opacity 150ms' }}>
        {entries.map((entry) => (
          <NavItem key={entry.to} entry={entry} isExpanded={isExpanded} />
        ))}
        {support ? (
          <ListItem disablePadding>
            <ListItemButton
              component="a"
              href={support}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Support"
              sx={{ minHeight: ROW_HEIGHT, borderLeft: '4px solid transparent' }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <SupportAgentIcon />
              </ListItemIcon>
              {isExpanded ? <ListItemText primary="Support" /> : null}
            </ListItemButton>
          </ListItem>
        ) : null}
      </List>

      <Stack spacing={1} sx={{ px: 2 }}>
        {isExpanded ? (
          <Typography variant="body2" noWrap title={user.email}>
            {user.email}
          </Typography>
        ) : null}
        {role ? (
          <Chip
            size="small"
            color="primary"
            label={isExpanded ? role : role.charAt(0)}
            title={role}
            sx={{ alignSelf: 'flex-start' }}
          />
        ) : null}
        <Button
          variant="text"
          color="inherit"
          startIcon={<LogoutIcon />}
          aria-label="Logout"
          onClick={logout}
          sx={{ justifyContent: 'flex-start', minWidth: 0 }}
        >
          {isExpanded ? 'Logout' : null}
        </Button>
      </Stack>
    </Stack>
  );
}
