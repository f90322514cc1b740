// The Twilio auth token the browser tests' server holds (scripts/serve-for-tests.mjs), so a test can post to the
// inbound-text webhook signed as Twilio would sign it. Only the throwaway test server ever has it.
export const TEST_TWILIO_AUTH_TOKEN = "browser-test-twilio-auth-token";
