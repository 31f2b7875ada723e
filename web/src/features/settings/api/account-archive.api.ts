import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, TAG_TYPES } from '../../../lib/api/api.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';
import { filenameOf } from '../../../lib/files/download-file.ts';

export const accountArchiveFailures = {
  download: 'Failed to download the account archive',
  restore: 'Failed to restore the account archive',
} as const;

interface ArchiveFile {
  text: string;
  filename: string;
}

/**
 * GET /account/archive as a file (kept as text, so the store holds nothing unserialisable) and POST
 * /account/archive with the text the user chose, sent as it is: the server checks its checksum.
 */
export const accountArchiveApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadAccountArchive: build.mutation<ArchiveFile, void>({
      queryFn: async (_arg, _api, _extraOptions, baseQuery) => {
        const read = await baseQuery({ url: '/account/archive', responseHandler: 'text' });
        if (read.error) return { error: read.error };
        const meta = read.meta as FetchBaseQueryMeta | undefined;
        return {
          data: {
            text: read.data as string,
            filename: filenameOf(meta?.response?.headers.get('Content-Disposition')) ?? 'tracker-archive.json',
          },
        };
      },
    }),
    restoreAccountArchive: build.mutation<unknown, string>({
      query: (text) => ({
        url: '/account/archive',
        method: 'POST',
        body: text,
        headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
      }),
      // Everything the account shows came from the archive.
      invalidatesTags: [...TAG_TYPES],
    }),
  }),
});

export const { useDownloadAccountArchiveMutation, useRestoreAccountArchiveMutation } = accountArchiveApi;
