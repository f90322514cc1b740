import { desc } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";

export const PAGE_SIZE = 50;

export function listContactMessages(env: Env) {
  return getDb(env)
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(PAGE_SIZE);
}
