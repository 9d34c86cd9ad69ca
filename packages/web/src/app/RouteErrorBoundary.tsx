import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isStaleChunk, reloadForNewBuild } from './staleBuild';

type Props = { location: unknown; children: ReactNode };
type State = { error: unknown; location: unknown };

/**
 * What a render error (a page that throws, a page chunk that fails to load) shows: the same page
 * React Router's data router drew by default before the console moved to its declarative mode
 * (decisions/0101), which has no error boundary of its own. Cleared by the next navigation.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    // a chunk of the previous build: reload once into the new one instead of showing an error
    if (isStaleChunk(error) && reloadForNewBuild()) return { error: null };
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('React Router caught the following error during render', error, info.componentStack);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error === null) return null; // reloading
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre> : null}
      </>
    );
  }
}
