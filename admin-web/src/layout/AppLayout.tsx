import { type ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';

/**
 * The page title in the top bar is the page's one h1: react-admin's lists put their title only
 * there, so custom pages do the same (through <Title>) instead of repeating it in the content.
 */
function AppTopBar() {
  return (
    <AppBar color="primary" userMenu={<AppUserMenu />}>
      <TitlePortal component="h1" />
    </AppBar>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppTopBar} menu={AppMenu}>
      {children}
    </Layout>
  );
}
