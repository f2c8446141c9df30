import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl">
      <EmptyState
        icon={<Compass />}
        title="Page not found"
        headingLevel="h1"
        action={
          <Link to="/" className={buttonClasses()}>
            Go to the home page
          </Link>
        }
      >
        The page you were looking for does not exist or has moved. Check the address, or start again from the home page.
      </EmptyState>
    </div>
  );
}
