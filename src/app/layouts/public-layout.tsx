import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../error-boundary';
import { PublicFrame } from './public-frame';

/** The public routes' layout: the public frame, and a crash screen that clears on navigation. */
export function PublicLayout() {
  const location = useLocation();
  return (
    <PublicFrame>
      <ErrorBoundary key={location.pathname}>
        <Outlet />
      </ErrorBoundary>
    </PublicFrame>
  );
}
