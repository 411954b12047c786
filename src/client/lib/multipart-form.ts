import type { z } from 'zod';
import type { MultipartRouteName, RouteMultipart } from '@shared/contract/routes';

declare const multipartFields: unique symbol;

/**
 * Form data built by `toFormData` for an upload whose text fields follow the schema `Fields`. Uploads sharing a
 * field schema (a new post, a diary entry, a draft's new take) take each other's body; a hand-built FormData
 * takes none.
 */
export type MultipartBody<Fields> = FormData & { readonly [multipartFields]: Fields };

/** The body `toFormData` builds for the upload endpoint `N`. */
export type UploadBody<N extends MultipartRouteName> = MultipartBody<RouteMultipart<N>['fields']>;

type Files<N extends MultipartRouteName> = RouteMultipart<N>['files'];

/** A file part: its bytes and the file name the server sees. */
export interface FilePart {
  blob: Blob;
  name: string;
}

/** The route's file parts by name: the required ones must be given. */
export type MultipartFiles<N extends MultipartRouteName> = {
  [K in keyof Files<N> as Files<N>[K] extends { required: true } ? K : never]: FilePart;
} & {
  [K in keyof Files<N> as Files<N>[K] extends { required: true } ? never : K]?: FilePart | undefined;
};

/** The route's text fields as its contract schema takes them in; an undefined one is left out. */
export type MultipartFields<N extends MultipartRouteName> = z.input<RouteMultipart<N>['fields']>;

/**
 * The multipart body of the upload endpoint `route`, typed from its contract entry (the name serves the types
 * only). Text fields go first, in the order given, then the files: the server reads the fields before it
 * streams a file.
 */
export function toFormData<N extends MultipartRouteName>(
  _route: N,
  fields: MultipartFields<N>,
  files: MultipartFiles<N>,
): UploadBody<N> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value !== undefined) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files as Record<string, FilePart | undefined>)) {
    if (file) form.append(name, file.blob, file.name);
  }
  return form as UploadBody<N>;
}
