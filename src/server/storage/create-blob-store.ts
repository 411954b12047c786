import { MAX_AUDIO_BYTES } from '@shared/domain/posts';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { createDiskBlobStore } from './disk-blob-store';
import { createS3BlobStore } from './s3-blob-store';

/** The store the configuration names; the local disk under DATA_DIR by default. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  return config.storage.kind === 's3'
    ? createS3BlobStore(config.storage)
    : createDiskBlobStore(config.dataDir, { minFreeBytes: MAX_AUDIO_BYTES });
}
