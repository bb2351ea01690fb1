import { Component, type ReactNode, Suspense, lazy } from 'react';
import { type PdfViewerProps, type ViewerStatus } from './viewer/types';
import { ViewerLoadingCard, ViewerUnavailable } from './viewer/ViewerStatus';

// pdf.js is most of the app's weight: it is loaded only where a document is shown.
const PdfViewer = lazy(() => import('./viewer/PdfViewer'));

interface BoundaryProps {
  children: ReactNode;
  downloadUrl: string;
  documentName: string;
  onStatus?: (status: ViewerStatus) => void;
}

/**
 * The viewer's code could not be loaded (offline, a new deployment): the document is not displayed, so it
 * says so, offers to reload the page and to download the file.
 */
class ViewerBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onStatus?.({ kind: 'failed' });
  }

  override render() {
    return this.state.failed ? (
      <ViewerUnavailable
        onRetry={() => window.location.reload()}
        downloadUrl={this.props.downloadUrl}
        documentName={this.props.documentName}
      />
    ) : (
      this.props.children
    );
  }
}

export function DocumentViewer(props: PdfViewerProps) {
  return (
    <ViewerBoundary
      downloadUrl={props.documentUrl}
      documentName={props.documentName}
      onStatus={props.onStatus}
    >
      <Suspense fallback={<ViewerLoadingCard />}>
        <PdfViewer {...props} />
      </Suspense>
    </ViewerBoundary>
  );
}
