import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '../ui/button.tsx';

/** The 'Back to Dashboard' button of every signed-in page. */
export function BackToDashboardButton({ size }: Pick<ButtonProps, 'size'>) {
  return (
    <Button asChild variant="outline" size={size}>
      <Link to="/dashboard">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
    </Button>
  );
}
