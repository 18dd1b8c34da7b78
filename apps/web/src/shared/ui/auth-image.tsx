import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { MEDIA_URL_PREFIX } from '@meterline/contract/media-urls';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { mediaKeys } from '../api/query-keys';
import { apiClient } from '../lib/api-client';

/** Bytes of a URL never change (a new picture gets a new name): kept for the session's screens, never refetched. */
const MEDIA_GC_TIME_MS = 30 * 60 * 1000;

/** The app's own uploads (`/api/media/<name>`), served only with the signed-in user's token (docs/security.md). */
export function isPrivateMediaUrl(src: string | null | undefined): src is string {
  return typeof src === 'string' && src.startsWith(MEDIA_URL_PREFIX);
}

/** An object URL of the blob while it is shown, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

/**
 * What an `<img src>` can show for a picture's address: an upload of the app is fetched with the
 * bearer token (an `<img>` cannot send it) and cached once per URL by TanStack Query as a Blob, each
 * component making its own object URL; any other address (an https: avatar, a `blob:` preview) as it is.
 * Undefined while it loads, when it failed, or without an address.
 */
export function useImageUrl(src: string | null | undefined): string | undefined {
  const isPrivate = isPrivateMediaUrl(src);
  const { data } = useQuery({
    queryKey: mediaKeys.image(isPrivate ? src : ''),
    queryFn: ({ signal }) => apiClient.getBlob((src ?? '').slice('/api/'.length), { signal }),
    enabled: isPrivate,
    staleTime: Infinity,
    gcTime: MEDIA_GC_TIME_MS,
    retry: 1,
  });
  const objectUrl = useObjectUrl(isPrivate ? data : undefined);
  if (!src) return undefined;
  return isPrivate ? objectUrl : src;
}

/** An `<img>` of a picture the app serves privately (or any other address); nothing until it has loaded. */
export function AuthImage({ src, alt, sx }: { src: string | null | undefined; alt: string; sx?: SxProps<Theme> }) {
  const url = useImageUrl(src);
  if (!url) return null;
  return <Box component="img" src={url} alt={alt} sx={sx} />;
}
