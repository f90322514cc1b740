import { SMS_CONSENT_TEXT } from "~/leads/consent";

/** The versioned SMS consent text (app/leads/consent.ts), with its last sentence's pages as links. */
export function SmsConsentDisclosure() {
  return (
    <>
      {SMS_CONSENT_TEXT.replace(" See our SMS Terms and Privacy Policy.", "")} See our <a href="/sms-terms">SMS Terms</a> and{" "}
      <a href="/privacy">Privacy Policy</a>.
    </>
  );
}
