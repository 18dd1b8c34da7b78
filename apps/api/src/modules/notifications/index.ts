/** The notifications module's face (docs/notifications.md): what other modules, `app.ts` and the seed may use. */
export { newCallbackToken } from './callback-token';
export { createNotificationService, type NotificationService, type ReminderWriter } from './notifications.service';
export { createQueuedSender, type QueuedSender } from './queued-sender';
export { createReceiptNotifier } from './receipts';
export { createSealer, type Sealer } from './sealed-text';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './sender';
export { sendBillsJob } from './send-bills-job';
