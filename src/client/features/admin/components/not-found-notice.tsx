import { Link } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';
import { linkClass } from './link-class';

export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** An order or customer id that names nothing (a mistyped or stale link), with the way back to its list. */
export function NotFoundNotice({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed p-6" data-testid="admin-not-found">
      <p>{message}</p>
      <Link to={backTo} className={linkClass}>
        {backLabel}
      </Link>
    </div>
  );
}
