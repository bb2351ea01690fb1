import { type RaThemeOptions, defaultDarkTheme, defaultLightTheme } from 'react-admin';

const CHAMBER_BLUE = '#1a5fb4';

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: CHAMBER_BLUE },
    secondary: { main: '#0b3d78' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#8fb8f0' },
    secondary: { main: '#5b8fd6' },
  },
};
