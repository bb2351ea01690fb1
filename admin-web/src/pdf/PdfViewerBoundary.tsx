import { Component, type ReactNode } from 'react';

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a viewer failure (its code not loading, pdf.js throwing) inside the viewer's box. */
export class PdfViewerBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The PDF viewer failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
