import { notificationEndpoints } from '@meterline/contract/endpoints/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { customerKeys } from '../../../shared/api/query-keys';

/** Messages per page of the history ("Show older messages" loads the next). */
export const MESSAGES_PAGE_SIZE = 20;

/** The messages sent to a customer, newest first (docs/notifications.md), one page after another. */
export const customerMessagesQueryOptions = (serviceId: number, customerId: number) =>
  infiniteQueryOptions({
    queryKey: customerKeys.messages(serviceId, customerId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(notificationEndpoints.customerMessages, {
        params: { serviceId, id: customerId },
        query: { page: pageParam, page_size: MESSAGES_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next ? page + 1 : undefined),
  });

export function useCustomerMessages(serviceId: number, customerId: number) {
  return useInfiniteQuery({ ...customerMessagesQueryOptions(serviceId, customerId), enabled: serviceId > 0 });
}
