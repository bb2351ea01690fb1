import { Component, type ReactNode, Suspense, lazy } from 'react';
import { type PdfViewerProps } from './viewer/types';
import { ViewerLoadingCard, ViewerUnavailable } from './viewer/ViewerStatus';

// pdf.js is most of the app's weight: it is loaded only where a document is shown.
const PdfViewer = lazy(() => import('./viewer/PdfViewer'));

/** The viewer's code could not be loaded (offline, a new deployment): offer to reload the page. */
class ViewerBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <ViewerUnavailable onRetry={() => window.location.reload()} />
    ) : (
      this.props.children
    );
  }
}

export function DocumentViewer(props: PdfViewerProps) {
  return (
    <ViewerBoundary>
      <Suspense fallback={<ViewerLoadingCard />}>
        <PdfViewer {...props} />
      </Suspense>
    </ViewerBoundary>
  );
}
