// How much of the calendar one person can book online. Past these caps the
// booking form asks them to call the store instead (docs/decisions/051).

export const bookingCaps = {
  /** Upcoming appointments one phone number may hold, however it is typed. */
  upcomingPerPhone: 2,
  /** Bookings one browser may make in 24 hours. */
  perVisitorPerDay: 3,
  /** Bookings one IP address may make in 24 hours: a household, an office or a shop's Wi-Fi shares one. */
  perAddressPerDay: 6,
} as const;
