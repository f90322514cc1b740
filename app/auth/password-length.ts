// The shortest password accepted. A module of its own, with no imports: the new-password form shows it in the
// browser, and scripts/staff-create.ts reads it under Node, neither of which should load the hashing code.
export const MIN_PASSWORD_LENGTH = 12;
