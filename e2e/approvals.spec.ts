// Approvals in the browser (SPEC §6): the action shown as code, y / a / n select a decision and
// Enter or Submit sends it, invalid JSON in the editor is never sent, and history shows the
// decision, its maker and the edit beside the original.
import { expect, test, type Page } from "@playwright/test";
import type { QuestionsClient, QuestionRequest } from "../lib/client";
import { agentFor, seedUser, signIn, uid } from "./helpers";

const decision = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });
const answersOf = (r: QuestionRequest) => (r.response && "answers" in r.response ? r.response.answers : {});

async function expectStillPending(agent: QuestionsClient, id: string) {
  const now = await agent.get(id);
  expect(now.status).toBe("pending");
  expect(now.version).toBe(1);
}

test.describe("approvals", () => {
  test("keys y/a/n select, invalid JSON is refused, Enter sends the edit, history shows it beside the original", async ({ page }) => {
    const tag = uid();
    const lead = await seedUser({ role: "lead" });
    const agent = await agentFor(lead.teamSlug, "ask");
    const original = { command: "npm run migrate", cwd: "/srv/app" };
    const created = await agent.create({
      source: "internal",
      title: `Run the migration ${tag}`,
      agent: { name: `host-${tag}` },
      questions: [
        {
          id: "run",
          header: "Run command",
          prompt: "Allow this shell command?",
          kind: "approval",
          action: { tool: "bash", input: original, summary: "Applies **queued** migrations." },
          allowAlways: true,
          allowEdit: true,
        },
      ],
    });
    await signIn(page, lead, `/inbox/${created.id}`);
    await expect(page.getByRole("heading", { name: `Run the migration ${tag}` })).toBeVisible();
    // The input reads as a shell command, the summary as markdown.
    await expect(page.getByLabel("Input: command")).toHaveText("$ npm run migrate");
    await expect(page.getByText("queued", { exact: true })).toBeVisible();

    // Each key only selects; nothing is sent.
    await page.keyboard.press("n");
    await expect(decision(page, "Deny")).toBeChecked();
    await page.keyboard.press("a");
    await expect(decision(page, "Approve always")).toBeChecked();
    await page.keyboard.press("y");
    await expect(decision(page, "Approve")).toBeChecked();
    await expect(decision(page, "Deny")).not.toBeChecked();
    await expectStillPending(agent, created.id);

    // A broken edit cannot be sent, neither by keyboard nor by the button.
    await page.getByRole("button", { name: "Edit input" }).click();
    const editor = page.getByLabel("Edited input (JSON)");
    await expect(editor).toHaveValue(JSON.stringify(original, null, 2));
    await editor.fill('{ "command": "npm run migrate -- --dry-run", ');
    await expect(page.getByRole("alert").filter({ hasText: "Invalid JSON" })).toBeVisible();
    await expect(editor).toHaveAttribute("aria-invalid", "true");
    await editor.press("Control+Enter");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Answer the question first")).toBeVisible();
    await expectStillPending(agent, created.id);

    // Typing in the editor never triggers the decision keys.
    const edited = { command: "npm run migrate -- --dry-run", cwd: "/srv/app" };
    await editor.fill(JSON.stringify(edited));
    await expect(page.getByText("Invalid JSON")).toHaveCount(0);
    await expect(decision(page, "Approve")).toBeChecked();
    await page.getByLabel("Note", { exact: true }).fill(`dry run first ${tag}`);
    await decision(page, "Approve").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/inbox$/);

    const done = await agent.wait(created.id, { timeoutMs: 20_000 });
    expect(done.status).toBe("answered");
    expect(answersOf(done).run).toEqual({ selected: [], custom: null, text: null, note: `dry run first ${tag}`, decision: "approve", editedInput: edited });

    await page.goto("/history");
    const row = page.getByRole("row", { name: new RegExp(`Run the migration ${tag}`) });
    await expect(row).toContainText("1 approved, 1 edited");
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/history/${created.id}$`));
    const answer = page.getByRole("article", { name: "Allow this shell command?" });
    await expect(answer.getByText("Approved", { exact: true })).toBeVisible();
    await expect(answer.getByText(`by ${lead.email}`)).toBeVisible();
    await expect(answer.getByText("Input edited")).toBeVisible();
    await expect(answer.getByLabel("Original input: command")).toHaveText("$ npm run migrate");
    await expect(answer.getByLabel("Edited input: command")).toHaveText("$ npm run migrate -- --dry-run");
    await expect(answer.getByText(`dry run first ${tag}`)).toBeVisible();
  });

  test("a request mixing a question and approvals: keys on each step, a diff shown as a diff, deny with a note", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const patch = ["--- a/src/app.ts", "+++ b/src/app.ts", "@@ -1,2 +1,2 @@", "-const port = 3000;", "+const port = 8080;", " export { port };"].join("\n");
    const created = await agent.create({
      source: "internal",
      title: `Change the port ${tag}`,
      agent: { name: `host-${tag}` },
      questions: [
        { id: "port", header: "Port", prompt: "Which port?", kind: "single_select", options: [{ label: "8080" }, { label: "3000" }] },
        { id: "edit", header: "Edit file", prompt: "Allow this edit?", kind: "approval", action: { tool: "edit", input: { filepath: "src/app.ts", diff: patch } } },
      ],
    });
    const waited = agent.wait(created.id, { timeoutMs: 45_000 });
    await signIn(page, reviewer, `/inbox/${created.id}`);
    await expect(page.getByRole("heading", { name: `Change the port ${tag}` })).toBeVisible();

    // On a select step the decision keys do nothing.
    await page.keyboard.press("1");
    await expect(page.getByRole("radio", { name: "8080" })).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByLabel("Input: diff")).toContainText("+const port = 8080;");
    await expect(page.getByText("src/app.ts", { exact: true })).toBeVisible();
    await expect(decision(page, "Approve always")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit input" })).toHaveCount(0);
    await page.keyboard.press("a"); // not offered here: selects nothing
    await expect(decision(page, "Approve")).not.toBeChecked();
    await page.keyboard.press("n");
    await expect(decision(page, "Deny")).toBeChecked();
    await page.getByLabel("Note", { exact: true }).fill(`keep 3000 ${tag}`);
    await page.getByRole("button", { name: "Review", exact: true }).click();
    await expect(page.getByText("Every question is answered.")).toBeVisible();
    await expect(page.getByText("Deny", { exact: true })).toBeVisible();
    await expectStillPending(agent, created.id);
    await page.getByRole("button", { name: "Submit" }).click();

    const done = await waited;
    expect(done.status).toBe("answered");
    expect(answersOf(done)).toEqual({
      port: { selected: ["8080"], custom: null, text: null, note: null },
      edit: { selected: [], custom: null, text: null, note: `keep 3000 ${tag}`, decision: "deny" },
    });
  });
});
