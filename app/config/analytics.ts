/** Only a real GA4 id ("G-XXXXXXX") ever reaches the page; anything else means "no analytics". */
export function parseMeasurementId(value: string | undefined): string {
  const id = (value ?? "").trim();
  return /^G-[A-Z0-9]{4,20}$/.test(id) ? id : "";
}
