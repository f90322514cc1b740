// Twilio's webhook paths, apart from the sender (twilio.server.ts): the Worker's origin guard
// needs them on every request, the sender only when a text goes out (docs/decisions/118).

/** Where Twilio posts the texts people send to the store's number (app/messaging/sms-inbound.server.ts). */
export const SMS_WEBHOOK_PATH = "/sms/inbound";
/** Where Twilio reports what became of each text it accepted (app/messaging/sms-delivery.server.ts). */
export const SMS_STATUS_PATH = "/sms/status";
/** The only paths the Worker's origin guard lets through: Twilio signs what it posts there (decisions 068, 082). */
export const TWILIO_WEBHOOK_PATHS: ReadonlySet<string> = new Set([SMS_WEBHOOK_PATH, SMS_STATUS_PATH]);
