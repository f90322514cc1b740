// The tests' VAPID key pair (made by `npm run vapid:keys`), set as the Worker's secrets by vitest.config.ts and by
// the browser tests' server. Test-only: a deployed store makes its own and keeps it secret.
export const TEST_VAPID_KEYS = {
  publicKey: "BJ7b_n7-S3y9Bq2GjjQHwvbfcE_HF8dbtEpWPLAAp8EqH9zMy-AY69L9ZrOGoQZxcmfRLWLGJsj9AF7r_tj6fmg",
  privateKey: "a3L_Ox07Epd7F8sAoRULBb2ervruN6ohkbIbmRl8gmQ",
};
