import { Check, Globe, MapPin, Pencil, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AboutBody, PublicUser } from '@shared/contract/users';
import { BIO_MAX_LENGTH } from '@shared/domain/limits';
import { INTERESTS_MAX_LENGTH, isHttpUrl, LOCATION_MAX_LENGTH, URL_MAX_LENGTH } from '@shared/domain/profile';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { ApiError, isUnauthorizedError } from '@client/lib/api-client';
import { uploadErrorMessage } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { useSaveAbout } from '../api/about';
import { useProfileStats } from '../api/profile-stats';

interface ProfileAboutProps {
  user: PublicUser;
  own: boolean;
  /** The voice bio's player (read-only here: the header manages it). */
  voiceBio: ReactNode;
}

type AboutField = 'bio' | 'location' | 'website' | 'interests';
type AboutDraft = Record<AboutField, string>;

const draftOf = (user: PublicUser): AboutDraft => ({
  bio: user.bio ?? '',
  location: user.location ?? '',
  website: user.website ?? '',
  interests: user.interests ?? '',
});

/** The JSON body of PUT /api/profile: every field, null for one the person emptied. */
export function aboutBody(draft: AboutDraft): AboutBody {
  const value = (text: string) => text.trim() || null;
  return {
    bio: value(draft.bio),
    location: value(draft.location),
    website: value(draft.website),
    interests: value(draft.interests),
  };
}

/**
 * Spec §2 Profile, About: bio, voice bio, location, website, interests, content categories and quick stats. On
 * one's own profile an Edit/Save toggle edits the text fields in place.
 */
export function ProfileAbout({ user, own, voiceBio }: ProfileAboutProps) {
  const [draft, setDraft] = useState<AboutDraft | null>(null);
  const save = useSaveAbout(user.id);
  const editing = draft !== null;

  const onSave = () => {
    if (!draft) return;
    save.mutate(aboutBody(draft), {
      onSuccess: () => {
        setDraft(null);
        toast({ title: 'Profile Updated', description: 'Your About details have been saved.' });
      },
      onError: (error) => {
        // A 401 is the global handler's (spec §8).
        if (isUnauthorizedError(error)) return;
        toast({
          variant: 'destructive',
          title: 'Update Failed',
          description: error instanceof ApiError ? uploadErrorMessage(error) : 'Failed to update profile',
        });
      },
    });
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="about-details" className="rounded-3xl border bg-card p-5 shadow-soft sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id="about-details" className="text-lg font-bold tracking-tight">
            About
          </h2>
          {own && (
            <div className="flex gap-2">
              {editing && (
                <Button variant="ghost" size="sm" onClick={() => setDraft(null)} disabled={save.isPending}>
                  <X aria-hidden="true" />
                  Cancel
                </Button>
              )}
              <Button
                variant={editing ? 'default' : 'outline'}
                size="sm"
                aria-disabled={save.isPending || undefined}
                onClick={() => {
                  if (!editing) setDraft(draftOf(user));
                  else if (!save.isPending) onSave();
                }}
              >
                {editing ? <Check aria-hidden="true" /> : <Pencil aria-hidden="true" />}
                {editing ? (save.isPending ? 'Saving...' : 'Save') : 'Edit'}
              </Button>
            </div>
          )}
        </div>
        {draft ? (
          <AboutForm draft={draft} onChange={setDraft} />
        ) : (
          <AboutDetails user={user} own={own} voiceBio={voiceBio} />
        )}
      </section>
      <AboutStats userId={user.id} />
    </div>
  );
}

function AboutDetails({ user, own, voiceBio }: ProfileAboutProps) {
  const website = user.website && isHttpUrl(user.website) ? user.website : null;
  const nothing = own ? 'Not added yet' : 'Not shared';
  return (
    <dl className="mt-5 grid gap-5 sm:grid-cols-2">
      <AboutItem label="Bio" wide>
        {user.bio?.trim() ? (
          <span className="whitespace-pre-line break-words">{user.bio.trim()}</span>
        ) : (
          <Missing>{nothing}</Missing>
        )}
      </AboutItem>
      <AboutItem label="Voice bio" wide>
        {user.voiceBioUrl ? (
          voiceBio
        ) : (
          <Missing>{own ? 'Add one from the top of your profile' : nothing}</Missing>
        )}
      </AboutItem>
      <AboutItem label="Location">
        {user.location ? (
          <span className="inline-flex items-center gap-1.5 break-words">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {user.location}
          </span>
        ) : (
          <Missing>{nothing}</Missing>
        )}
      </AboutItem>
      <AboutItem label="Website">
        {website ? (
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex max-w-full items-center gap-1.5 font-medium text-primary underline-offset-2 hover:underline"
          >
            <Globe aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{website.replace(/^https?:\/\//, '').replace(/\/$/, '')}</span>
          </a>
        ) : (
          <Missing>{nothing}</Missing>
        )}
      </AboutItem>
      <AboutItem label="Interests" wide>
        {user.interests?.trim() ? (
          <span className="whitespace-pre-line break-words">{user.interests.trim()}</span>
        ) : (
          <Missing>{nothing}</Missing>
        )}
      </AboutItem>
    </dl>
  );
}

function AboutItem({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1.5 leading-relaxed">{children}</dd>
    </div>
  );
}

function Missing({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}

const FIELDS: Array<{
  name: AboutField;
  label: string;
  max: number;
  multiline?: boolean;
  placeholder: string;
}> = [
  { name: 'bio', label: 'Bio', max: BIO_MAX_LENGTH, multiline: true, placeholder: 'A few words about you' },
  { name: 'location', label: 'Location', max: LOCATION_MAX_LENGTH, placeholder: 'City, country' },
  { name: 'website', label: 'Website', max: URL_MAX_LENGTH, placeholder: 'https://example.com' },
  {
    name: 'interests',
    label: 'Interests',
    max: INTERESTS_MAX_LENGTH,
    multiline: true,
    placeholder: 'Podcasts, jazz, hiking…',
  },
];

function AboutForm({ draft, onChange }: { draft: AboutDraft; onChange: (draft: AboutDraft) => void }) {
  return (
    <div className="mt-5 grid gap-5 sm:grid-cols-2">
      {FIELDS.map(({ name, label, max, multiline, placeholder }) => {
        const id = `about-${name}`;
        const props = {
          id,
          value: draft[name],
          maxLength: max,
          placeholder,
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...draft, [name]: event.target.value }),
        };
        return (
          <div key={name} className={multiline ? 'space-y-2 sm:col-span-2' : 'space-y-2'}>
            <Label htmlFor={id}>{label}</Label>
            {multiline ? (
              <Textarea rows={3} {...props} />
            ) : (
              <Input
                type={name === 'website' ? 'url' : 'text'}
                inputMode={name === 'website' ? 'url' : undefined}
                {...props}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Content categories and quick stats, from the stats the server computes. */
function AboutStats({ userId }: { userId: string }) {
  const stats = useProfileStats(userId);
  if (stats.isError) return null;
  const figures = stats.data && [
    { label: 'Items', value: stats.data.totalEpisodes },
    { label: 'Followers', value: stats.data.followers },
    { label: 'Following', value: stats.data.following },
    { label: 'Minutes', value: Math.round(stats.data.totalDuration / 60) },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="about-stats" className="rounded-3xl border bg-card p-5 shadow-soft sm:p-6">
        <h2 id="about-stats" className="text-lg font-bold tracking-tight">
          Quick stats
        </h2>
        {figures ? (
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
            {figures.map(({ label, value }) => (
              <div
                key={label}
                className="flex flex-col-reverse rounded-2xl bg-secondary/60 px-3 py-3 text-center"
              >
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="text-xl font-bold tabular-nums">{value.toLocaleString('en-US')}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Skeleton role="status" aria-label="Loading stats" className="mt-4 h-20 w-full rounded-2xl" />
        )}
      </section>
      <section
        aria-labelledby="about-categories"
        className="rounded-3xl border bg-card p-5 shadow-soft sm:p-6"
      >
        <h2 id="about-categories" className="text-lg font-bold tracking-tight">
          Content categories
        </h2>
        {!stats.data ? (
          <Skeleton className="mt-4 h-10 w-full rounded-2xl" />
        ) : stats.data.categories.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">No categories yet.</p>
        ) : (
          <ul className="mt-4 flex flex-wrap gap-2">
            {stats.data.categories.map(({ category, count }) => (
              <li
                key={category}
                className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground"
              >
                {category} <span className="tabular-nums">({count})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
