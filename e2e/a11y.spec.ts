// Accessibility (issue 13): axe-core on every page, desktop and phone, light and dark, with zero
// serious or critical violations; plus the skip link and the focus ring on the top navigation.
//
// Which page in which variant: colours come from the theme alone (no class sets a colour per
// screen width), so every page in both themes at desktop width proves its contrast; a phone adds
// its layout (target sizes, reflow, the elements shown only below a breakpoint), proven in light.
// Phone + dark then adds only the elements shown on a phone alone, in their dark colours: the
// history table's stacked cells (`sm:hidden`, `md:hidden`; nothing else in app/ or components/).
// A page added with such elements joins PHONE_ONLY below.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { e2eState } from "./state";
import { publicPages, seedUi, signedInPages, signedInState, type UiPage, type UiSeed } from "./ui-seed";

const PHONE_ONLY = ["history"];
const all = () => true;
const phoneOnly = (p: UiPage) => PHONE_ONLY.includes(p.name);

const VARIANTS = [
  { name: "desktop light", viewport: { width: 1280, height: 900 }, colorScheme: "light", mobile: false, pages: all, panels: true },
  { name: "desktop dark", viewport: { width: 1280, height: 900 }, colorScheme: "dark", mobile: false, pages: all, panels: true },
  { name: "phone light", viewport: { width: 390, height: 844 }, colorScheme: "light", mobile: true, pages: all, panels: true },
  { name: "phone dark", viewport: { width: 390, height: 844 }, colorScheme: "dark", mobile: true, pages: phoneOnly, panels: false },
] as const;

// The variants are independent and axe is the slowest thing in the browser suite: spread them over
// both workers instead of running the whole file on one (each worker seeds its own data).
test.describe.configure({ mode: "parallel" });

let seed: UiSeed;
let state: Awaited<ReturnType<typeof signedInState>>;

test.beforeAll(async ({ browser }) => {
  seed = await seedUi();
  state = await signedInState(browser, e2eState().baseURL, seed.admin);
});

// Legacy mode: axe.run in the page itself. The default runs axe per frame and then opens a blank
// page to merge the results, which doubled each check's time; our pages have no frames, and a
// cross-origin one is the only thing legacy mode would leave out.
async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode().withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
}

async function check(browser: Browser, variant: (typeof VARIANTS)[number], pages: UiPage[], signedIn: boolean) {
  const context = await browser.newContext({
    viewport: variant.viewport,
    colorScheme: variant.colorScheme,
    isMobile: variant.mobile,
    hasTouch: variant.mobile,
    ...(signedIn ? { storageState: state } : {}),
  });
  const page = await context.newPage();
  const found: string[] = [];
  for (const p of pages) {
    await page.goto(p.path);
    await expect(page.getByText(p.ready).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(variant.colorScheme === "dark");
    for (const v of await serious(page)) found.push(`${p.name}: ${v}`);
  }
  if (signedIn && variant.panels) {
    // The one-time token panel with its snippets, and a request's review step.
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Create token" });
    await form.getByLabel("Token name").fill(`axe-${variant.name.replace(" ", "-")}-${seed.tag}`);
    await form.getByRole("button", { name: "Create token" }).click();
    await page.getByText("Connect an agent with this token").click();
    await expect(page.getByText("claude mcp add").first()).toBeVisible();
    for (const v of await serious(page)) found.push(`token panel: ${v}`);
    await page.goto(`/inbox/${seed.multiId}`);
    await page.getByRole("button", { name: /Review/ }).first().click();
    await expect(page.getByText("Review your answers")).toBeVisible();
    for (const v of await serious(page)) found.push(`review step: ${v}`);
  }
  await context.close();
  return found;
}

for (const variant of VARIANTS) {
  test(`signed-in pages have no serious axe violations: ${variant.name}`, async ({ browser }) => {
    test.setTimeout(240_000);
    expect(await check(browser, variant, signedInPages(seed).filter(variant.pages), true)).toEqual([]);
  });

  if (publicPages.some(variant.pages)) {
    test(`public pages have no serious axe violations: ${variant.name}`, async ({ browser }) => {
      test.setTimeout(120_000);
      expect(await check(browser, variant, publicPages.filter(variant.pages), false)).toEqual([]);
    });
  }
}

test("a skip link leads past the navigation; the navigation shows the same focus ring as buttons", async ({ browser }) => {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  // Logo, then the first navigation link: both with the orange ring used everywhere else.
  await page.goto("/inbox");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const logo = page.getByRole("link", { name: "OpenOxide Questions" });
  await expect(logo).toBeFocused();
  await page.keyboard.press("Tab");
  const nav = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" });
  await expect(nav).toBeFocused();
  await page.waitForTimeout(400); // outline colours are part of transition-colors
  const ring = await nav.evaluate((el) => getComputedStyle(el).outlineStyle + " " + getComputedStyle(el).outlineColor);
  await page.getByRole("button", { name: "Sign out" }).focus();
  // Focus by script is not :focus-visible; a Tab into the button is.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeFocused();
  await page.waitForTimeout(400);
  const buttonRing = await page
    .getByRole("button", { name: "Sign out" })
    .evaluate((el) => getComputedStyle(el).outlineStyle + " " + getComputedStyle(el).outlineColor);
  expect(ring).toBe(buttonRing);
  expect(ring).toMatch(/^solid /);
  await context.close();
});

test("on a phone the logo link keeps its name", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, storageState: state });
  const page = await context.newPage();
  await page.goto("/inbox");
  await expect(page.getByRole("link", { name: "OpenOxide Questions" })).toBeVisible();
  await context.close();
});
