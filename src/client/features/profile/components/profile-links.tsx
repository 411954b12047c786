import { ExternalLink } from 'lucide-react';
import type { PublicUser } from '@shared/contract/users';
import { isHttpUrl } from '@shared/domain/profile';

/** Spec §2 Profile: the person's links under the bio, each by its title, opening in a new tab. */
export function ProfileLinks({ links }: { links: PublicUser['links'] }) {
  // The server stores web addresses only; checked again so nothing else could ever become a link here.
  const shown = links.filter((link) => isHttpUrl(link.url));
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Links" className="mt-4 flex flex-wrap gap-2">
      {shown.map((link) => (
        <li key={`${link.title}-${link.url}`}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex max-w-64 items-center gap-1.5 rounded-full border bg-background/60 px-3 py-1.5 text-sm font-medium transition-colors hover:bg-secondary"
          >
            <ExternalLink className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
            <span className="truncate">{link.title}</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
