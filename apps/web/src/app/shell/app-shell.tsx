import MenuIcon from '@mui/icons-material/Menu';
import { Box, Drawer, IconButton, useMediaQuery } from '@mui/material';
import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../guards.tsx';
import { useFocusHeadingOnNavigation } from './focus-heading.ts';
import { EXPANDED_WIDTH, RAIL_WIDTH, Sidebar } from './sidebar.tsx';

/** SPEC.md §9: below 768 px the sidebar becomes a drawer with a toggle and a dark overlay. */
const MOBILE_QUERY = '(max-width: 767.98px)';

export function AppShell() {
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [isHovered, setIsHovered] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      {isMobile ? (
        <>
          <IconButton
            aria-label="Open navigation"
            onClick={() => setIsDrawerOpen(true)}
            sx={{ position: 'fixed', top: 8, left: 8, zIndex: 'appBar', bgcolor: 'background.paper', boxShadow: 1 }}
          >
            <MenuIcon />
          </IconButton>
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
          minHeight: '100dvh',
          boxSizing: 'border-box',
          ml: isMobile ? 0 : `${RAIL_WIDTH}px`,
          px: { xs: 2, md: 3 },
          pb: 2,
          pt: isMobile ? 8 : 2,
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
