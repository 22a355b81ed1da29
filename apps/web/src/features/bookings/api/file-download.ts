import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** A file the API sent to the signed-in user, and the name the server gave it. */
export type DownloadedFile = { contents: string; fileName: string };

/**
 * `responseHandler` of a file download: the file's text when the server sent it, otherwise its JSON envelope,
 * so that a refusal carries the server's message like any other call.
 */
export const readFileOrRefusal = (response: Response) => (response.ok ? response.text() : response.json());

/** The file name the server gave in `Content-Disposition`, if it gave one. */
const attachmentName = (disposition: string | null | undefined) =>
  disposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();

/** `transformResponse` of a file download: the contents, named as the server named them or else `fallbackName`. */
export const toDownloadedFile =
  (fallbackName: string) =>
  (contents: unknown, meta: FetchBaseQueryMeta | undefined): DownloadedFile => ({
    contents: typeof contents === 'string' ? contents : '',
    fileName: attachmentName(meta?.response?.headers.get('content-disposition')) || fallbackName,
  });
