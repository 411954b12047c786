import {
  profileFieldsSchema,
  type AboutChanges,
  type CurrentUser,
  type PictureFramingBody,
  type ProfilePosition,
  type SettingsChanges,
} from '@shared/contract/users';
import { clampFraming, framingFromLegacyOffset, USERNAME_TAKEN_MESSAGE } from '@shared/domain/profile';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import { deleteImage, findImage } from '../db/queries/audio-assets';
import { findUserById, lockUserPictures, updateUser } from '../db/queries/users';
import type { ImageRow, UsersTable } from '../db/schema';
import type { Updateable } from 'kysely';
import { ConflictError, parseOrBadRequest } from '../errors';
import type { ScratchFile } from '../storage/scratch-files';
import { imageUrl, type ImageLibrary, type ImagePurpose, type PreparedImage } from './image-library';
import { commitWithFiles } from './stored-files';
import { toCurrentUser } from './user-presenter';
import type { ShareCardStore } from '../link-previews/share-card-store';

export interface ProfileUpload {
  fields: Record<string, string>;
  files: { profileImage?: ScratchFile; coverImage?: ScratchFile };
}

/**
 * Spec §5 Profile: each person changes only their own; fields left empty keep what was there, unless the form says
 * to clear them.
 */
export interface ProfileService {
  /** The Edit Profile dialog: names, username, bio, links, and new pictures that replace the old ones. */
  update(userId: string, upload: ProfileUpload): Promise<CurrentUser>;
  /** The About tab. */
  updateAbout(userId: string, about: AboutChanges): Promise<CurrentUser>;
  /** Settings kept on the server (Settings page). */
  updateSettings(userId: string, settings: SettingsChanges): Promise<CurrentUser>;
  /** The picture position, clamped to the adjuster's reach. */
  /** Saves the picture's framing, clamped; a legacy pixel offset is converted first. */
  setImagePosition(userId: string, position: ProfilePosition): Promise<PictureFramingBody>;
}

type Picture = { slot: 'profile' | 'background'; prepared: PreparedImage };

const withoutUndefined = <T extends object>(changes: T) =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;

export function createProfileService(
  db: Db,
  images: ImageLibrary,
  shareCards: ShareCardStore,
): ProfileService {
  async function prepareAll(userId: string, files: ProfileUpload['files']): Promise<Picture[]> {
    const wanted: Array<[Picture['slot'], ScratchFile | undefined, ImagePurpose]> = [
      ['profile', files.profileImage, 'avatar'],
      ['background', files.coverImage, 'cover'],
    ];
    const pictures: Picture[] = [];
    try {
      for (const [slot, file, purpose] of wanted) {
        if (file) pictures.push({ slot, prepared: await images.prepare(file, userId, false, purpose) });
      }
    } catch (error) {
      await Promise.all(pictures.map((picture) => picture.prepared.forget()));
      throw error;
    }
    return pictures;
  }

  /** Saves the changes and the new pictures in one transaction; then the replaced pictures' files go. */
  async function save(userId: string, changes: Updateable<UsersTable>, pictures: Picture[] = []) {
    if (Object.keys(changes).length === 0 && pictures.length === 0) {
      return toCurrentUser((await findUserById(db, userId))!);
    }
    try {
      const { row, replaced } = await commitWithFiles(
        db,
        pictures.map((picture) => picture.prepared),
        async (trx) => {
          const before = await lockUserPictures(trx, userId);
          const pictureChanges: Updateable<UsersTable> = {};
          const replaced: ImageRow[] = [];
          for (const { slot, prepared } of pictures) {
            await images.insert(trx, prepared);
            pictureChanges[`${slot}_image_id`] = prepared.row.id;
            pictureChanges[`${slot}_image_url`] = imageUrl(prepared.row.storage_key);
            const oldId = before[`${slot}_image_id`];
            const old = oldId ? await findImage(trx, oldId) : undefined;
            if (old) replaced.push(old);
          }
          const row = await updateUser(trx, userId, { ...changes, ...pictureChanges });
          for (const old of replaced) await deleteImage(trx, old.id);
          return { row, replaced };
        },
      );
      await Promise.all(replaced.map((image) => images.deleteFile(image)));
      // Their posts' cards show their name and picture: none of the old ones is kept, new ones are drawn as asked.
      const redrawn = ['first_name', 'last_name'].some((column) => column in changes);
      if (redrawn || pictures.some((picture) => picture.slot === 'profile'))
        await shareCards.removeAllOf(userId);
      return toCurrentUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(USERNAME_TAKEN_MESSAGE);
      throw error;
    }
  }

  return {
    async update(userId, upload) {
      const fields = parseOrBadRequest(profileFieldsSchema, upload.fields);
      const pictures = await prepareAll(userId, upload.files);
      const orCleared = (name: (typeof fields.clear)[number]) =>
        fields[name] ?? (fields.clear.includes(name) ? null : undefined);
      return save(
        userId,
        withoutUndefined({
          username: fields.username,
          first_name: orCleared('firstName'),
          last_name: orCleared('lastName'),
          bio: orCleared('bio'),
          links_json: fields.links && JSON.stringify(fields.links),
        }),
        pictures,
      );
    },

    updateAbout(userId, about) {
      return save(userId, withoutUndefined(about));
    },

    updateSettings(userId, settings) {
      return save(
        userId,
        withoutUndefined({
          group_adds: settings.groupAdds,
          transcribe_private:
            settings.transcribePrivate === undefined ? undefined : Number(settings.transcribePrivate),
        }),
      );
    },

    async setImagePosition(userId, position) {
      const { x, y, zoom } =
        'offsetX' in position
          ? framingFromLegacyOffset(position.offsetX, position.offsetY)
          : clampFraming({ x: position.positionX, y: position.positionY, zoom: position.zoom });
      await updateUser(db, userId, {
        profile_image_position_x: x,
        profile_image_position_y: y,
        profile_image_zoom: zoom,
      });
      return { positionX: x, positionY: y, zoom };
    },
  };
}
