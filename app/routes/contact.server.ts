import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { getCloudflare } from "~/lib/cloudflare";
import { checkHoneypot } from "~/lib/honeypot.server";
import { announceLead } from "~/lib/room.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast.server";

type ContactSchema = z.ZodType<{ name: string; phoneNumber: string; email: string; message: string }>;

export async function saveContactMessage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: ContactSchema,
) {
  const { env, ctx } = getCloudflare(context);
  const formData = await request.formData();
  checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }

  const { name, phoneNumber, email, message } = submission.value;
  let saved: { id: number; createdAt: Date } | undefined;
  try {
    [saved] = await getDb(env)
      .insert(contactMessages)
      .values({ name, phoneNumber, email, message })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  } catch (error) {
    console.error("contact message insert failed", error);
  }
  if (!saved) {
    return dataWithToast(
      context,
      { result: submission.reply() },
      { type: "error", message: "Failed to send message. Please try again." },
      { status: 503 },
    );
  }

  ctx.waitUntil(announceLead(env, { inbox: "contacts", id: saved.id, createdAt: saved.createdAt.getTime() }));
  return redirectWithToast("/contactus", { type: "success", message: "Message sent successfully!" });
}
