/** What other modules may use of `subscriptions`: they import it from here, never from its files. */
export { findCountersWhere, insertReading, setSubscriptionCounter, toReading } from './subscriptions.repository';
export { readingAudit } from './reading-audit';
