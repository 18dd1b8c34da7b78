import type { RouteBuilding } from '@meterline/contract/routes';
import type { Counter, Subscription } from '@meterline/contract/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { routeKeys } from '../../../shared/api/query-keys';
import { useToast } from '../../../shared/hooks/use-toast';
import { roundSearchOf } from './round-place';
import { nextDoorOf, withDoorRead } from './save-and-next';

/**
 * What happens after a reading on a building of the round (docs/collectors.md, "Save and next"):
 * the door is marked read on the phone at once (so the header counts it offline too), then with
 * "Save and next" the door's cash is asked for when it owes (the door screen leads on), else the
 * next door's meter opens; after the last door the building says every meter is read. `?door=`
 * opens that customer's meter when the building shows (the way back from the door screen).
 */
export function useDoorReading({
  serviceId,
  building,
  roundQuery,
  meters,
  openMeter,
}: {
  serviceId: number;
  building: RouteBuilding | undefined;
  roundQuery: Record<string, string>;
  meters: Counter[] | undefined;
  openMeter(subscriptionId: number | null): void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const door = Number(searchParams.get('door') ?? 0);
  const isReadable = (subscription: number | null) => meters?.some((meter) => meter.id === subscription) === true;
  // Once per door: the building's answer changes after each reading, and must not open it again.
  const openedDoor = useRef(0);

  useEffect(() => {
    if (!door || door === openedDoor.current || !building || !meters) return;
    openedDoor.current = door;
    const row = building.customers.find((customer) => customer.customer === door);
    if (row?.subscription && meters.some((meter) => meter.id === row.subscription)) openMeter(row.subscription);
    setSearchParams(
      (params) => {
        params.delete('door');
        return params;
      },
      { replace: true },
    );
  }, [door, building, meters, openMeter, setSearchParams]);

  /** Marks the door read in the building's cached answer; the caller's invalidation brings the server's. */
  const markRead = (meter: Counter, subscription: Subscription | null) => {
    if (!building) return;
    const row = building.customers.find((customer) => customer.subscription === meter.id);
    if (!row) return;
    const key = routeKeys.detail(serviceId, building.building, roundQuery);
    queryClient.setQueryData<RouteBuilding>(key, (cached) =>
      cached ? withDoorRead(cached, row.customer, subscription?.counter ?? null) : cached,
    );
  };

  /** After "Save and next": the door's cash, else the next meter, else back to the building with a word. */
  const goOn = (meter: Counter) => {
    if (!building) return;
    const row = building.customers.find((customer) => customer.subscription === meter.id);
    const next = row ? nextDoorOf(building, row.customer, (customer) => isReadable(customer.subscription)) : null;
    if (row && row.to_collect) {
      const back = `/round/${building.building}${roundSearchOf({ ...roundQuery, ...(next ? { door: String(next.customer) } : {}) })}`;
      void navigate(`/collect/${row.customer}?next=${encodeURIComponent(back)}`);
      return;
    }
    if (next?.subscription) openMeter(next.subscription);
    else {
      openMeter(null);
      showToast(t('rounds.messages.buildingRead', { building: building.building_name }), { variant: 'success' });
    }
  };
  return { markRead, goOn };
}
