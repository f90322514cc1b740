// Valid submissions for the three public forms, each one unique (its own name,
// and for bookings its own free slot), so stored counts and duplicates can be
// checked exactly afterwards.

export const LEAD_FORMS = {
  contact: { path: "/contactus", table: "contact_messages", inbox: "contacts" },
  order: { path: "/orderOnline", table: "orders", inbox: "orders" },
  booking: { path: "/book", table: "appointments", inbox: "appointments" },
};
export const FORM_NAMES = Object.keys(LEAD_FORMS);

const STORE_TIME_ZONE = "America/Chicago";
/** Mon-Sat 11 AM to 5 PM starts, Sunday to 6 PM (app/config/store.ts hours, one-hour slots). */
const LAST_START_HOUR = { 0: 18, 1: 17, 2: 17, 3: 17, 4: 17, 5: 17, 6: 17 };

function storeToday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: STORE_TIME_ZONE }).format(new Date());
}

function slotLabel(hour) {
  const suffix = hour >= 12 ? "PM" : "AM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${suffix}`;
}

/** Hands out distinct future slots, from the day after tomorrow onwards. */
export class SlotAllocator {
  constructor() {
    const [year, month, day] = storeToday().split("-").map(Number);
    this.day = Date.UTC(year, month - 1, day) + 2 * 86_400_000;
    this.queue = [];
  }

  next() {
    while (this.queue.length === 0) {
      const date = new Date(this.day);
      const isoDate = date.toISOString().slice(0, 10);
      for (let hour = 11; hour <= LAST_START_HOUR[date.getUTCDay()]; hour++) {
        this.queue.push({ date: isoDate, time: slotLabel(hour) });
      }
      this.day += 86_400_000;
    }
    return this.queue.shift();
  }
}

const JEWELRY = ["Custom Charm", "Custom Grillz", "Custom Ring", "Custom Watch"];
const MATERIALS = ["Gold Yellow", "Gold White", "Gold Rose", "Silver", "Platinum"];
const DIAMONDS = ["Authentic Diamond", "Synthetic Diamonds", "Moissanite"];
const SERVICES = ["Jewelry Consultation", "Custom Design", "Repair"];

/** The fields a visitor types for `form`; `name` identifies the submission afterwards. */
export function leadFields(form, name, index, slots) {
  const phone = `(901) 555-${String(index % 10_000).padStart(4, "0")}`;
  const email = `visitor${index}@example.com`;
  switch (form) {
    case "contact":
      return { name, phone, email, message: `Benchmark message ${index}: do you resize rings?`, smsConsent: "on" };
    case "order":
      return {
        name,
        phone,
        email,
        jewelryType: JEWELRY[index % JEWELRY.length],
        materialPreferences: MATERIALS[index % MATERIALS.length],
        diamondSelection: DIAMONDS[index % DIAMONDS.length],
      };
    case "booking": {
      const slot = slots.next();
      return { name, phone, date: slot.date, time: slot.time, service: SERVICES[index % SERVICES.length] };
    }
    default:
      throw new Error(`unknown form ${form}`);
  }
}
