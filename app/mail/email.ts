/** One e-mail as the outbox stores it and the sender sends it. */
export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}
