import { Component, type ReactNode } from 'react';
import { ErrorView } from './error-view';

/** Catches a page that fails to load or render and shows the error view instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorView /> : this.props.children;
  }
}
