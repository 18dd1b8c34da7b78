/** The notifications module's face (docs/notifications.md): what other modules, `app.ts` and the seed may use. */
export { newCallbackToken } from './callback-token';
