// How the store texts and e-mails visitors: the limits that keep a form from
// becoming a way to flood a phone or an inbox, the reminder time and the quiet
// hours. All times are store-local (store.timeZone). See docs/decisions/065 and 066.

export const messaging = {
  /** Texts the site sends on its own (confirmations, reminders, HELP replies) to one number in 24 hours. */
  automatedTextsPerNumberPerDay: 3,
  /** Every text the store sends in 24 hours, staff texts included: a brake on cost and on abuse. */
  storeTextsPerDay: 200,
  /** E-mails the site sends on its own to one visitor address in 24 hours. */
  automatedEmailsPerAddressPerDay: 5,
  /** Texts one staff account may send from record pages in an hour. */
  staffTextsPerHour: 30,
  /** A staff text's own words; the store's name is added after them. */
  staffTextMaxLength: 320,
  /** The reminder goes the day before the visit at this hour, or at booking if that has passed. */
  reminderHour: 10,
  /** No reminder is sent from `startHour` until `endHour` the next morning. */
  quietHours: { startHour: 21, endHour: 8 },
  /**
   * The request for a Google review after a visit (decision 146): sent the next day the store is open, only
   * from `startHour` until `endHour` store time, and to one customer at most once in `oncePerCustomerDays`.
   */
  reviewRequest: { startHour: 11, endHour: 18, oncePerCustomerDays: 180 },
} as const;
