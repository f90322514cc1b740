// The local server (the same `vite preview` that npm start runs) must give an
// oversized post our 413 every time. The Worker refuses before reading the body,
// and the local runtime used to drop the connection on about every second such
// post, which reached the visitor as a 500 (docs/decisions/045).
import { expect, test } from "@playwright/test";

const ONE_MEGABYTE_FORM = new URLSearchParams({ name: "x".repeat(1024 * 1024), message: "hello" }).toString();

test("a 1 MB form post gets 413 with our message, 20 times out of 20, through Node's fetch", async ({ baseURL }) => {
  const statuses: number[] = [];
  let lastMessage = "";
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseURL}/contactus`, {
      method: "POST",
      body: ONE_MEGABYTE_FORM,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
    });
    statuses.push(response.status);
    lastMessage = await response.text();
  }
  expect(statuses).toEqual(Array(20).fill(413));
  expect(lastMessage).toBe("This submission is too large.");
});

test("a 1 MB post from another site gets 403, not a dropped connection", async ({ baseURL }) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(`${baseURL}/contactus`, {
      method: "POST",
      body: ONE_MEGABYTE_FORM,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    await response.text();
  }
});
