import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppContext } from '../../app-context.js';
import type { AppConfig } from '../../platform/config.js';

/** Where attachment bytes live; rows in ticket_attachments say which store holds each file. */
export type AttachmentStore = {
  kind: 'disk' | 's3';
  /** A new random key (never derived from the upload's name). */
  newKey: () => string;
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** The bytes as a stream, or null when the file is gone. */
  get: (key: string) => Promise<Readable | null>;
  delete: (key: string) => Promise<void>;
};

const randomKey = () => randomBytes(24).toString('hex');

/** Keys are only ever our own hex names; anything else would be a path trick. */
function assertKey(key: string): void {
  if (!/^[a-f0-9]{48}$/.test(key)) throw new Error(`Invalid attachment key: ${key}`);
}

export function createDiskStore(folder: string): AttachmentStore {
  const file = (key: string) => {
    assertKey(key);
    return path.join(folder, key);
  };
  return {
    kind: 'disk',
    newKey: randomKey,
    async put(key, bytes) {
      await mkdir(folder, { recursive: true });
      await writeFile(file(key), bytes, { flag: 'wx', mode: 0o600 });
    },
    async get(key) {
      const target = file(key);
      try {
        await stat(target);
      } catch {
        return null;
      }
      return createReadStream(target);
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

export type S3Settings = NonNullable<AppConfig['s3']>;

// The SDK costs about 20 MB of memory once loaded, so it is loaded only by a panel that stores
// attachments in S3, on its first upload or download.
let sdkModule: Promise<typeof S3Sdk> | undefined;
const loadSdk = () => (sdkModule ??= import('@aws-sdk/client-s3'));

export function createS3Store(settings: S3Settings): AttachmentStore {
  let clientPromise: Promise<S3Client> | undefined;
  const client = () => (clientPromise ??= loadSdk().then((sdk) => newS3Client(sdk, settings)));
  const objectKey = (key: string) => {
    assertKey(key);
    return `ticket-attachments/${key}`;
  };
  return {
    kind: 's3',
    newKey: randomKey,
    async put(key, bytes, contentType) {
      const { PutObjectCommand } = await loadSdk();
      const s3 = await client();
      await s3.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      const { GetObjectCommand, NoSuchKey, S3ServiceException } = await loadSdk();
      const s3 = await client();
      try {
        const result = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        const body = result.Body;
        if (!body) return null;
        return body instanceof Readable ? body : Readable.from(await body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      const { DeleteObjectCommand } = await loadSdk();
      const s3 = await client();
      await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}

function newS3Client(sdk: typeof S3Sdk, settings: S3Settings): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // MinIO and most self-hosted stores only speak path-style URLs (endpoint/bucket/key).
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default extra checksums are not understood by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export type AttachmentStores = {
  /** Where new uploads go: S3 when configured, else `<dataDir>/attachments`. */
  current: AttachmentStore;
  /** The store a stored row names; files kept on disk stay readable after S3 is switched on. */
  of: (kind: 'disk' | 's3') => AttachmentStore | null;
};

export function createAttachmentStores(config: Pick<AppConfig, 's3' | 'dataDir'>): AttachmentStores {
  const disk = createDiskStore(path.join(config.dataDir, 'attachments'));
  const s3 = config.s3 ? createS3Store(config.s3) : null;
  return { current: s3 ?? disk, of: (kind) => (kind === 's3' ? s3 : disk) };
}

const storesByApp = new WeakMap<AppContext, AttachmentStores>();

/** One set of stores per app: ticket attachments and top-up proofs share the checks and the store. */
export function attachmentStoresFor(ctx: AppContext): AttachmentStores {
  let found = storesByApp.get(ctx);
  if (!found) {
    found = createAttachmentStores(ctx.config);
    storesByApp.set(ctx, found);
  }
  return found;
}
