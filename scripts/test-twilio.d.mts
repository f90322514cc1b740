/** The Twilio auth token the browser tests' server holds (scripts/serve-for-tests.mjs). */
export declare const TEST_TWILIO_AUTH_TOKEN: string;
