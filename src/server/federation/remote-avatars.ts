import { Image, type Actor } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { rememberActorIcon, type RemotePerson } from '../db/queries/remote-people';
import type { ProfileService } from '../services/profile-service';
import type { ScratchFiles } from '../storage/scratch-files';
import type { RemoteAudio } from './remote-audio';

export interface RemoteAvatars {
  /**
   * Takes the picture an actor's document names (its `icon`) as the person's avatar, unless it is the one taken
   * last: fetched as a post's audio is (https on a public address, checked as the connection is made; at most an
   * upload's size) and put through our image pipeline (judged by its content, re-encoded, sized), as an upload is.
   * A picture that fails leaves the avatar as it was.
   */
  refresh(person: RemotePerson, actor: Actor): Promise<void>;
}

const WEB_PROTOCOLS = new Set(['https:', 'http:']);

/** Only a picture in the actor's own document (as Mastodon sends it): a reference is never fetched on its own. */
const notFetched = () => Promise.reject(new Error('an icon is taken only from the actor’s document'));

export function createRemoteAvatars(deps: {
  db: Db;
  downloads: RemoteAudio;
  scratch: ScratchFiles;
  profiles: ProfileService;
  log: FastifyBaseLogger;
}): RemoteAvatars {
  return {
    async refresh(person, actor) {
      const icon = await actor.getIcon({ documentLoader: notFetched, suppressError: true });
      const address = icon instanceof Image ? icon.url : null;
      const url = address instanceof URL ? address : address?.href;
      if (!url || !WEB_PROTOCOLS.has(url.protocol) || url.href === person.iconUrl) return;
      try {
        const file = await deps.downloads.download(url, 'image');
        try {
          await deps.profiles.update(person.user.id, { fields: {}, files: { profileImage: file } });
          await rememberActorIcon(deps.db, person.user.remote_actor_id!, url.href);
        } finally {
          await deps.scratch.discard(file);
        }
      } catch (error) {
        deps.log.info({ err: error, actor: person.actorUri }, 'a remote person’s picture was not taken');
      }
    },
  };
}
