import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Drawer, GlobalStyles, IconButton, Typography, useMediaQuery } from '@mui/material';
import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { Loading } from '../guards.tsx';
import { useFocusHeadingOnNavigation } from './focus-heading.ts';
import { EXPANDED_WIDTH, RAIL_WIDTH, Sidebar } from './sidebar.tsx';

/** The phone's bar over the screens: the menu button has a line of its own, never over a screen's content. */
const PHONE_BAR_HEIGHT = 48;

export function AppShell() {
  // SPEC.md §9: below 768 px the sidebar becomes a drawer with a toggle and a dark overlay.
  const isMobile = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const [isHovered, setIsHovered] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      {isMobile ? (
        <>
          <Box
            component="header"
            sx={{
              position: 'sticky',
              top: 0,
              zIndex: 'appBar',
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              height: PHONE_BAR_HEIGHT,
              px: 0.5,
              bgcolor: 'background.paper',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <IconButton aria-label="Open navigation" onClick={() => setIsDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
            <DirectionsBoatIcon color="primary" aria-hidden />
            <Typography component="span" sx={{ fontWeight: 700 }}>
              Quayside
            </Typography>
          </Box>
          {/* What the focus or a link scrolls to stops below the bar and above a screen's own sticky bar. */}
          <GlobalStyles styles={{ html: { scrollPaddingTop: PHONE_BAR_HEIGHT + 8, scrollPaddingBottom: 72 } }} />
          <Drawer
            open={isDrawerOpen}
            onClose={() => setIsDrawerOpen(false)}
            slotProps={{ backdrop: { sx: { bgcolor: 'rgba(0, 0, 0, 0.6)' } } }}
          >
            <Box sx={{ width: EXPANDED_WIDTH, height: '100%' }}>
              <Sidebar isExpanded onNavigate={() => setIsDrawerOpen(false)} />
            </Box>
          </Drawer>
        </>
      ) : (
        <Box
          onMouseEnter={() => setIsHovered(true)}
          // A rail re-rendered under a resting pointer gets no enter event; any move over it expands it.
          onMouseMove={() => setIsHovered(true)}
          onMouseLeave={() => setIsHovered(false)}
          onFocus={() => setIsHovered(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setIsHovered(false);
          }}
          sx={{
            position: 'fixed',
            inset: '0 auto 0 0',
            width: isHovered ? EXPANDED_WIDTH : RAIL_WIDTH,
            transition: 'width 150ms',
            overflow: 'hidden',
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            boxShadow: isHovered ? 4 : 0,
            zIndex: 'drawer',
          }}
        >
          <Sidebar isExpanded={isHovered} />
        </Box>
      )}
      {/* A column as tall as the window at least: a screen may take what is left of it (the dashboard's rows). */}
      <Box
        component="main"
        ref={main}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          minHeight: isMobile ? `calc(100dvh - ${PHONE_BAR_HEIGHT}px)` : '100dvh',
          boxSizing: 'border-box',
          ml: isMobile ? 0 : `${RAIL_WIDTH}px`,
          px: { xs: 2, md: 3 },
          pb: 2,
          pt: 2,
        }}
      >
        {/* Screens load as their own chunks: the sidebar stays while one arrives. */}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
