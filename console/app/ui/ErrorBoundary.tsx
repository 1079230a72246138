import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage.js';

/**
 * A screen that throws while rendering shows what went wrong and a way back, instead of a blank page;
 * the rest of the console (navigation, sign-out) keeps working. `resetKey` (the route) clears it.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: unknown; resetKey: string }
> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; resetKey: string },
  ): { error: unknown; resetKey: string } | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('console screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <section>
        <h1>This screen failed</h1>
        <ErrorMessage error={this.state.error} />
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </section>
    );
  }
}
