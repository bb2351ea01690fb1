import { Component, type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { type Viewer, loadViewer, loadedViewer } from './viewer/loadViewer';
import { type PdfViewerProps, type ViewerStatus } from './viewer/types';
import { ViewerLoadingCard, ViewerUnavailable } from './viewer/ViewerStatus';

interface BoundaryProps {
  children: ReactNode;
  downloadUrl: string;
  documentName: string;
  onStatus?: (status: ViewerStatus) => void;
}

/**
 * The viewer failed while rendering: the document is not displayed, so it says so, offers to reload the page
 * and to download the file (as when the viewer's code could not be loaded: offline, a new deployment).
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

type ViewerLoad = { kind: 'loading' } | { kind: 'ready'; Viewer: Viewer } | { kind: 'failed' };

/**
 * The viewer's chunk, loaded where a document is shown (pdf.js is most of the app's weight). Not through
 * lazy() and Suspense: a suspended boundary's reveal is the renderer's to time (React's held it back for up to
 * 300 ms after its fallback showed), and the document would wait for that at each step before its first page.
 */
function useViewerChunk(): ViewerLoad {
  const [load, setLoad] = useState<ViewerLoad>(() => {
    const Viewer = loadedViewer();
    return Viewer ? { kind: 'ready', Viewer } : { kind: 'loading' };
  });
  useEffect(() => {
    if (load.kind !== 'loading') return;
    let active = true;
    loadViewer().then(
      (Viewer) => {
        if (active) setLoad({ kind: 'ready', Viewer });
      },
      () => {
        if (active) setLoad({ kind: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [load.kind]);
  return load;
}

export function DocumentViewer(props: PdfViewerProps) {
  const load = useViewerChunk();
  const { onStatus } = props;
  // Before the browser paints: the page never shows the failure beside a Sign button.
  useLayoutEffect(() => {
    if (load.kind === 'failed') onStatus?.({ kind: 'failed' });
  }, [load.kind, onStatus]);
  if (load.kind === 'loading') return <ViewerLoadingCard />;
  if (load.kind === 'failed') {
    return (
      <ViewerUnavailable
        onRetry={() => window.location.reload()}
        downloadUrl={props.documentUrl}
        documentName={props.documentName}
      />
    );
  }
  const { Viewer } = load;
  return (
    <ViewerBoundary downloadUrl={props.documentUrl} documentName={props.documentName} onStatus={onStatus}>
      <Viewer {...props} />
    </ViewerBoundary>
  );
}
