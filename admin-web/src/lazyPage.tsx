import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { PageLoading } from './common/PageLoading';

/**
 * A page whose code is fetched when it is first shown: the sign-in page, which every visit starts with,
 * then carries none of the dashboard's charts, the wizard, the PDF viewer or the back office's pages.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageLoading />,
): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  function LazyPage(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
