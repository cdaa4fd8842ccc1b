/** The app's primary colour: the web app's theme, and the server's first paint of the dashboard before the theme loads. */
export const PRIMARY_COLOUR = '#0b5394';
