// The inbox a page at a time (issue 27 goal 4): the document holds the oldest rows only, and a
// reviewer still reaches every open request, by scrolling or with j; live arrivals still count
// and show.
import { expect, test, type Page } from "@playwright/test";
import type { QuestionsClient } from "@openoxide/questions-client";
import { INBOX_FIRST } from "../lib/questions/inbox-pages";
import { agentFor, seedUser, signIn, uid, type SeededUser } from "./helpers";

const OPEN = INBOX_FIRST + 12;

async function seed(tag: string): Promise<{ reviewer: SeededUser; agent: QuestionsClient }> {
  const reviewer = await seedUser({ role: "reviewer" });
  const agent = await agentFor(reviewer.teamSlug, "ask");
  // One after another: the inbox's order (oldest first) is then the numbering.
  for (let i = 0; i < OPEN; i++) await agent.create(request(tag, i));
  return { reviewer, agent };
}

function request(tag: string, i: number) {
  return {
    title: `Paged ${tag} #${i}`,
    agent: { name: `pager-${tag}` },
    questions: [{ id: "ok", header: "OK", prompt: "Proceed?", kind: "single_select" as const, options: [{ label: "Yes" }, { label: "No" }] }],
  };
}

const rows = (page: Page) => page.locator("a[data-inbox-row]");
const row = (page: Page, tag: string, i: number) => page.getByRole("link", { name: new RegExp(`Paged ${tag} #${i}\\b`) });

async function openInbox(page: Page) {
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
}

test("rows past the first page load as the reviewer scrolls; the count is of all", async ({ page }) => {
  const tag = uid();
  const { reviewer } = await seed(tag);
  await signIn(page, reviewer, "/inbox");
  await openInbox(page);
  await expect(page.getByLabel(`${OPEN} pending`)).toBeVisible();
  await expect(rows(page)).toHaveCount(INBOX_FIRST);
  await expect(page.getByText(`Showing the oldest ${INBOX_FIRST} of ${OPEN}`)).toBeVisible();

  await rows(page).last().scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(OPEN);
  await row(page, tag, OPEN - 1).scrollIntoViewIfNeeded();
  await expect(row(page, tag, OPEN - 1)).toBeVisible();
  await expect(page.getByText(/Showing the oldest/)).toHaveCount(0);
});

test("j past the last row held loads the next rows and moves on to them; k comes back", async ({ page }) => {
  const tag = uid();
  const { reviewer } = await seed(tag);
  // The next rows take a moment, so j arrives before they do (scrolling to the row also asks).
  await page.route("**/api/ui/requests?*after=*", async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await signIn(page, reviewer, "/inbox");
  await openInbox(page);
  await expect(rows(page)).toHaveCount(INBOX_FIRST);
  await row(page, tag, INBOX_FIRST - 1).focus();
  await page.keyboard.press("j");
  await expect(row(page, tag, INBOX_FIRST)).toBeFocused();
  await page.keyboard.press("k");
  await expect(row(page, tag, INBOX_FIRST - 1)).toBeFocused();
  for (let i = INBOX_FIRST; i < OPEN; i++) await page.keyboard.press("j");
  await expect(row(page, tag, OPEN - 1)).toBeFocused();
});

test("a request created while only the first page is held counts at once and shows at the end", async ({ page }) => {
  const tag = uid();
  const { reviewer, agent } = await seed(tag);
  await signIn(page, reviewer, "/inbox");
  await openInbox(page);
  await expect(rows(page)).toHaveCount(INBOX_FIRST);

  await agent.create(request(tag, OPEN));
  await expect(page.getByLabel(`${OPEN + 1} pending`)).toBeVisible();
  await expect(page).toHaveTitle(`(${OPEN + 1}) Inbox · OpenOxide Questions`);
  await rows(page).last().scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(OPEN + 1);
  await expect(rows(page).last()).toHaveAccessibleName(new RegExp(`Paged ${tag} #${OPEN}\\b`));

  // With every row held, the next one is drawn as it arrives.
  await agent.create(request(tag, OPEN + 1));
  await expect(rows(page)).toHaveCount(OPEN + 2);
  await expect(row(page, tag, OPEN + 1)).toBeVisible();
});

test("a filter looks through every open request, not only the rows of the first page", async ({ page }) => {
  const tag = uid();
  const { reviewer, agent } = await seed(tag);
  await agent.create({ ...request(tag, OPEN), agent: { name: `late-${tag}` } });
  await signIn(page, reviewer, `/inbox?agent=late-${tag}`);
  await openInbox(page);
  await expect(row(page, tag, OPEN)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByText("Nothing pending matches these filters")).toHaveCount(0);
});
