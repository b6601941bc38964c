// Phone layout (issue 13): nothing scrolls sideways at 390 px on any page, code blocks scroll
// inside themselves, long context folds behind "Show all", and on a desktop the context never
// runs under the Details card.
import { expect, test, type Page } from "@playwright/test";
import { e2eState } from "./state";
import { publicPages, seedUi, signedInPages, signedInState, type UiSeed } from "./ui-seed";

const PHONE = { width: 390, height: 844 };

/** How far the page is wider than the screen. Measured against the screen's width, not
 *  innerWidth: a mobile browser widens its layout viewport to fit a too-wide page. */
async function sidewaysOverflow(page: Page, width: number): Promise<number> {
  return page.evaluate((w) => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth) - w, width);
}

let seed: UiSeed;
let state: Awaited<ReturnType<typeof signedInState>>;

test.beforeAll(async ({ browser }) => {
  seed = await seedUi();
  state = await signedInState(browser, e2eState().baseURL, seed.admin);
});

test("no page scrolls sideways at 390 px", async ({ browser }) => {
  const signedIn = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, storageState: state });
  const anonymous = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const wide: string[] = [];
  for (const [context, pages] of [
    [signedIn, signedInPages(seed)],
    [anonymous, publicPages],
  ] as const) {
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByText(p.ready).first()).toBeVisible();
      const over = await sidewaysOverflow(page, PHONE.width);
      if (over > 0) wide.push(`${p.name} (${p.path}): ${over} px too wide`);
    }
  }
  expect(wide).toEqual([]);
  await Promise.all([signedIn.close(), anonymous.close()]);
});

test("on a phone, a long code line scrolls inside its block and long context folds below the questions' reach", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, storageState: state });
  const page = await context.newPage();
  await page.goto(`/inbox/${seed.longId}`);
  const code = page.locator("pre").first();
  await expect(code).toBeVisible();
  const { scroll, client } = await code.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(client).toBeLessThanOrEqual(PHONE.width);
  expect(scroll).toBeGreaterThan(client);

  // Folded: the question is on the first screen; "Show all" unfolds the rest.
  const showAll = page.getByRole("button", { name: "Show all" });
  await expect(showAll).toHaveAttribute("aria-expanded", "false");
  const question = page.getByRole("radiogroup", { name: "Switch over tonight?" });
  const top = (await question.boundingBox())!.y;
  expect(top).toBeLessThan(PHONE.height);
  await expect(page.getByText("Step 12: check the replica lag")).not.toBeInViewport();
  await showAll.click();
  await expect(page.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  await page.getByText("Step 12: check the replica lag").scrollIntoViewIfNeeded();
  await expect(page.getByText("Step 12: check the replica lag")).toBeInViewport();
  expect(await sidewaysOverflow(page, PHONE.width)).toBeLessThanOrEqual(0);
  await context.close();
});

test("on a phone, Settings keeps Revoke on screen, with the new-token panel open too", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, storageState: state });
  const page = await context.newPage();
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Create token" });
  await form.getByLabel("Token name").fill(`phone-${seed.tag}`);
  await form.getByRole("button", { name: "Create token" }).click();
  await page.getByText("Connect an agent with this token").click();
  await expect(page.getByText("claude mcp add").first()).toBeVisible();
  expect(await sidewaysOverflow(page, PHONE.width)).toBeLessThanOrEqual(0);
  const revoke = page.getByRole("button", { name: new RegExp(`Revoke ci-agent-with-a-long-name-${seed.tag}`) });
  await revoke.scrollIntoViewIfNeeded();
  const box = (await revoke.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});

test("on a desktop, the context stays beside the Details card, not under it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: state });
  const page = await context.newPage();
  await page.goto(`/inbox/${seed.longId}`);
  await page.getByRole("button", { name: "Show all" }).click();
  const details = page.locator("section").filter({ has: page.getByRole("heading", { name: "Details", exact: true }) });
  const contextCard = page.locator("section").filter({ has: page.getByRole("heading", { name: "Context", exact: true }) });
  const d = (await details.boundingBox())!;
  const c = (await contextCard.boundingBox())!;
  expect(c.x + c.width).toBeLessThanOrEqual(d.x);
  const pre = (await page.locator("pre").first().boundingBox())!;
  expect(pre.x + pre.width).toBeLessThanOrEqual(d.x);
  expect(await sidewaysOverflow(page, 1280)).toBeLessThanOrEqual(0);
  await context.close();
});
