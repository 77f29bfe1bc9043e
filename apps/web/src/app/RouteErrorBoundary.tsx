import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from '../features/placeholders/RouteErrorPage.tsx';

interface BoundaryProps {
  /** The history entry shown: a new one clears the error, as a route's error boundary does. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  locationKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, failed: false, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * A page that fails to render, or whose code cannot be loaded, shows RouteErrorPage in its place until the
 * visitor goes elsewhere.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary locationKey={key}>{children}</ErrorBoundary>;
}
