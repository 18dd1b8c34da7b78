import { notificationEndpoints } from '@meterline/contract/endpoints/notifications';
import type {
  ChannelSettings,
  NotificationChannel,
  SendTestMessageInput,
  Template,
  TemplateKind,
  UpdateChannelSettingsInput,
  UpdateTemplateInput,
} from '@meterline/contract/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { notificationKeys, onboardingKeys } from '../../../shared/api/query-keys';

/** The three channels' settings (docs/notifications.md); the credentials are never answered. */
export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.channels(),
    queryFn: ({ signal }) => callEndpoint(notificationEndpoints.channels, { params: {}, signal }),
  });

export function useChannels({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...channelsQueryOptions(), enabled: isEnabled });
}

/** Saves one channel; the answer replaces it in the list, and the setup checklist is read again. */
export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, input }: { channel: NotificationChannel; input: UpdateChannelSettingsInput }) =>
      callEndpoint(notificationEndpoints.updateChannel, { params: { channel }, body: input }),
    onSuccess: (saved: ChannelSettings) => {
      queryClient.setQueryData(notificationKeys.channels(), (list: { results: ChannelSettings[] } | undefined) =>
        list ? { results: list.results.map((each) => (each.channel === saved.channel ? saved : each)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
}

/** One test message through a channel as saved (201 `{message}`). */
export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, input }: { channel: NotificationChannel; input: SendTestMessageInput }) =>
      callEndpoint(notificationEndpoints.testChannel, { params: { channel }, body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.templates(),
    queryFn: ({ signal }) => callEndpoint(notificationEndpoints.templates, { params: {}, signal }),
  });

export function useTemplates({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...templatesQueryOptions(), enabled: isEnabled });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, input }: { kind: TemplateKind; input: UpdateTemplateInput }) =>
      callEndpoint(notificationEndpoints.updateTemplate, { params: { kind }, body: input }),
    onSuccess: (saved: Template) => {
      queryClient.setQueryData(notificationKeys.templates(), (list: { results: Template[] } | undefined) =>
        list ? { results: list.results.map((each) => (each.kind === saved.kind ? saved : each)) } : list,
      );
    },
  });
}
