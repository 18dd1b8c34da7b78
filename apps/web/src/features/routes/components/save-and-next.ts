import type { RouteBuilding, RouteCustomer } from '@meterline/contract/routes';

/**
 * The next door of the building after `customerId` with a meter still to read (and a meter this
 * phone knows), in the building's order; null after the last one (docs/collectors.md, "Save and next").
 */
export function nextDoorOf(building: RouteBuilding, customerId: number, readable: (row: RouteCustomer) => boolean): RouteCustomer | null {
  const index = building.customers.findIndex((row) => row.customer === customerId);
  return building.customers.slice(index + 1).find((row) => row.to_read && readable(row)) ?? null;
}

/**
 * The building as the phone knows it once a meter is read, before the server says so (a reading
 * kept on the phone offline): the door read, its "to read" gone, the header's counts moved. The
 * server's answer replaces it at the next fetch. `counter`: the saved reading, null when it waits
 * on the phone (the card keeps the last one the server knows).
 */
export function withDoorRead(building: RouteBuilding, customerId: number, counter: string | null): RouteBuilding {
  const before = building.customers.find((row) => row.customer === customerId);
  if (!before) return building;
  const toCollect = before.to_collect;
  const after: RouteCustomer = {
    ...before,
    counter: counter ?? before.counter,
    read: true,
    to_read: false,
    is_done: before.outcome !== null || !toCollect,
  };
  const { progress } = building;
  return {
    ...building,
    customers: building.customers.map((row) => (row.customer === customerId ? after : row)),
    progress: {
      ...progress,
      read: progress.read + (before.read ? 0 : 1),
      to_read: progress.to_read - (before.to_read ? 1 : 0),
      done: progress.done + (after.is_done && !before.is_done ? 1 : 0),
    },
  };
}
