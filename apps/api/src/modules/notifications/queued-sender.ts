import { inBackground } from '../../lib/background';
import type { ServiceContext } from '../../scope/service-scope';
import type { NotificationService } from './notifications.service';

/** Where a tenant's messages are: its database (and alias) and id. */
type TenantOf = Pick<ServiceContext, 'db' | 'scope'> & { actor: Pick<ServiceContext['actor'], 'dbAlias'> };

/**
 * Sends a tenant's queued messages after the request that queued them (receipts, reminders, disconnection
 * notices; docs/notifications.md, "Sending"): off the request's path, one sender per tenant and process at a
 * time; a message queued while one runs is sent by the same run (it looks again before it stops).
 */
export function createQueuedSender(deps: {
  notifications: Pick<NotificationService, 'sendQueued'>;
  log: (message: string, error: unknown) => void;
}) {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();

  return {
    /** Starts sending the tenant's queued messages unless a run for it is going (which then looks again). */
    kick(tenant: TenantOf): void {
      const key = `${tenant.actor.dbAlias}:${tenant.scope.tenantId}`;
      if (running.has(key)) {
        again.add(key);
        return;
      }
      const run = (async () => {
        do {
          again.delete(key);
          await inBackground(() => deps.notifications.sendQueued({ db: tenant.db, tenantId: tenant.scope.tenantId }));
        } while (again.has(key));
      })()
        .catch((error: unknown) => deps.log('sending queued messages failed', error))
        .finally(() => running.delete(key));
      running.set(key, run);
    },
    /** Waits for the senders running (the app's close, and tests that read what was sent). */
    async drain(): Promise<void> {
      while (running.size) await Promise.all([...running.values()]);
    },
  };
}

export type QueuedSender = ReturnType<typeof createQueuedSender>;
