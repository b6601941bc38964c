// Approvals in the browser (SPEC §6, issue 22): the action is the headline and the summary is
// labelled as the agent's claim; Approve / Approve always / Deny are buttons (keys y / a / n) that
// act in one step, Deny asks for an optional note, there is no second way to say no, the key hints
// match the kind on screen, invalid JSON in the editor is never sent, and history shows the
// decision, its maker and the edit beside the original.
import { expect, test, type Page } from "@playwright/test";
import type { QuestionsClient, QuestionRequest } from "@openoxide/questions-client";
import { agentFor, seedUser, signIn, uid } from "./helpers";

const decision = (page: Page, name: string) => page.getByRole("group", { name: "Decision" }).getByRole("button", { name, exact: true });
const answersOf = (r: QuestionRequest) => (r.response && "answers" in r.response ? r.response.answers : {});
const hints = (page: Page) => page.getByRole("note", { name: "Keyboard shortcuts" });

async function expectStillPending(agent: QuestionsClient, id: string) {
  const now = await agent.get(id);
  expect(now.status).toBe("pending");
  expect(now.version).toBe(1);
}

/** A lone shell approval, as a bridge sends it: the command in the title, the model's words as summary. */
function shellApproval(tag: string, command: string, extra: Record<string, unknown> = {}) {
  return {
    source: "internal" as const,
    title: `Run \`${command}\``,
    agent: { name: `host-${tag}` },
    questions: [
      {
        id: "approve",
        header: "Run command",
        prompt: "Allow this shell command?",
        kind: "approval" as const,
        action: { tool: "bash", input: { command }, summary: `Only lists files ${tag}` },
        allowAlways: true,
        ...extra,
      },
    ],
  };
}

test.describe("approvals", () => {
  test("the command is the headline, the summary the agent's claim; a broken edit cannot be approved; Approve sends the edit in one click", async ({ page }) => {
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
    // The input reads as a shell command and comes first; the summary is labelled as the agent's claim.
    const command = page.getByLabel("Input: command");
    await expect(command).toHaveText("$ npm run migrate");
    const claim = page.getByRole("region", { name: "The agent's claim" });
    await expect(claim.getByText("queued", { exact: true })).toBeVisible();
    await expect(claim).toContainText("not verified");
    const prompt = page.getByText("Allow this shell command?", { exact: true });
    // In reading order (the DOM's, not the layout's: boxes move while a loaded machine renders).
    const precedes = async (a: typeof command, b: typeof command) =>
      a.evaluate((el, other) => Boolean(other && el.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING), await b.elementHandle());
    expect(await precedes(command, prompt)).toBe(true);
    expect(await precedes(prompt, claim)).toBe(true);

    // Buttons, not radios plus Submit; no second way to say no; hints for an approval only.
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reject" })).toHaveCount(0);
    await expect(hints(page)).toContainText("approve always");
    await expect(hints(page)).toContainText("deny");
    await expect(hints(page)).not.toContainText("choose");
    await expect(hints(page)).not.toContainText("1–9");

    // A broken edit cannot be approved, neither by key nor by button.
    await page.getByRole("button", { name: "Edit input" }).click();
    const editor = page.getByLabel("Edited input (JSON)");
    await expect(editor).toHaveValue(JSON.stringify(original, null, 2));
    await editor.fill('{ "command": "npm run migrate -- --dry-run", ');
    await expect(page.getByRole("alert").filter({ hasText: "Invalid JSON" })).toBeVisible();
    await expect(editor).toHaveAttribute("aria-invalid", "true");
    await expect(decision(page, "Approve")).toBeDisabled();
    await expect(decision(page, "Approve always")).toBeDisabled();
    await editor.press("Control+Enter");
    await page.getByRole("heading", { name: `Run the migration ${tag}` }).click(); // focus out of the editor
    await page.keyboard.press("y");
    await expectStillPending(agent, created.id);

    // Typing in the editor never triggers the decision keys ("y", "a", "n" are typed here).
    const edited = { command: "npm run migrate -- --dry-run", cwd: "/srv/app", say: "yan" };
    await editor.fill(JSON.stringify(edited).replace(/"yan"}$/, ""));
    await editor.pressSequentially('"yan"}');
    await expect(page.getByText("Invalid JSON")).toHaveCount(0);
    await expectStillPending(agent, created.id);
    await page.getByLabel("Note", { exact: true }).fill(`dry run first ${tag}`);
    await decision(page, "Approve").click(); // one click decides and sends
    await expect(page).toHaveURL(/\/inbox$/);

    const done = await agent.wait(created.id, { timeoutMs: 20_000 });
    expect(done.status).toBe("answered");
    expect(answersOf(done).run).toEqual({ selected: [], custom: null, text: null, note: `dry run first ${tag}`, decision: "approve", editedInput: edited });

    await page.goto("/history");
    const row = page.getByRole("row", { name: new RegExp(`Run the migration ${tag}`) });
    await expect(row).toContainText("1 approved, 1 edited");
    await expect(row).toContainText("$ npm run migrate"); // what was asked, in the list
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/history/${created.id}$`));
    const answer = page.getByRole("article", { name: "Allow this shell command?" });
    await expect(answer.getByText("Approved", { exact: true })).toBeVisible();
    await expect(answer.getByText(`by ${lead.email}`)).toBeVisible();
    await expect(answer.getByText("Input edited")).toBeVisible();
    await expect(answer.getByLabel("Original input: command")).toHaveText("$ npm run migrate");
    await expect(answer.getByLabel("Edited input: command")).toHaveText("$ npm run migrate -- --dry-run");
    await expect(answer.getByRole("region", { name: "The agent's claim" })).toContainText("queued");
    await expect(answer.getByText(`dry run first ${tag}`)).toBeVisible();
  });

  test("one key decides a lone approval: y approves, a approves always (after the rule proposal), n or Esc asks for an optional note and denies", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const byY = await agent.create(shellApproval(tag, `ls ${tag}-y`));
    const byA = await agent.create(shellApproval(tag, `ls ${tag}-a`));
    const byN = await agent.create(shellApproval(tag, `rm -rf ${tag}-n`));
    const byEsc = await agent.create(shellApproval(tag, `rm -rf ${tag}-esc`));
    const byClick = await agent.create(shellApproval(tag, `ls ${tag}-click`));

    await signIn(page, reviewer, `/inbox/${byY.id}`);
    await expect(page.getByLabel("Input: command")).toHaveText(`$ ls ${tag}-y`);
    await page.keyboard.press("y");
    expect(answersOf(await agent.wait(byY.id, { timeoutMs: 20_000 })).approve?.decision).toBe("approve");

    await page.goto(`/inbox/${byA.id}`);
    await expect(page.getByLabel("Input: command")).toHaveText(`$ ls ${tag}-a`);
    await page.keyboard.press("a");
    // Approve always first proposes a team rule (issue 23's dialog); without one it approves always.
    const ruleDialog = page.getByRole("dialog", { name: "Approve always: save a rule?" });
    await ruleDialog.getByRole("button", { name: "Approve without a rule" }).click();
    expect(answersOf(await agent.wait(byA.id, { timeoutMs: 20_000 })).approve?.decision).toBe("approve_always");

    await page.goto(`/inbox/${byN.id}`);
    await expect(page.getByLabel("Input: command")).toHaveText(`$ rm -rf ${tag}-n`);
    const dialog = page.getByRole("dialog", { name: "Deny this action" });
    await expect(async () => {
      await page.keyboard.press("n");
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expectStillPending(agent, byN.id);
    await dialog.getByLabel("Note for the agent (optional)").fill(`use a temp dir ${tag}`);
    await page.keyboard.press("Enter");
    expect(answersOf(await agent.wait(byN.id, { timeoutMs: 20_000 })).approve).toMatchObject({ decision: "deny", note: `use a temp dir ${tag}` });

    // Esc is the same Deny (there is no separate Reject), and the note may stay empty.
    await page.goto(`/inbox/${byEsc.id}`);
    await expect(page.getByLabel("Input: command")).toHaveText(`$ rm -rf ${tag}-esc`);
    // The page is drawn before it hydrates: a key pressed in between is lost, so press until the
    // dialog opens (a second press only comes when the first one found no handler).
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await dialog.getByRole("button", { name: "Deny", exact: true }).click();
    const denied = await agent.wait(byEsc.id, { timeoutMs: 20_000 });
    expect(denied.status).toBe("answered");
    expect(answersOf(denied).approve).toMatchObject({ decision: "deny", note: null });

    // One click on a button is the whole decision too.
    await page.goto(`/inbox/${byClick.id}`);
    await decision(page, "Approve always").click();
    await ruleDialog.getByRole("button", { name: "Approve without a rule" }).click();
    expect(answersOf(await agent.wait(byClick.id, { timeoutMs: 20_000 })).approve?.decision).toBe("approve_always");
  });

  test("a request mixing a question and approvals: keys and hints on each step, a diff shown as a diff, deny with a note", async ({ page }) => {
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

    // On a select step the decision keys do nothing, and the hints are about choosing.
    await expect(hints(page)).toContainText("choose");
    await expect(hints(page)).not.toContainText("approve");
    await page.keyboard.press("n");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.keyboard.press("1");
    await expect(page.getByRole("radio", { name: "8080" })).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByLabel("Input: diff")).toContainText("+const port = 8080;");
    await expect(page.getByText("src/app.ts", { exact: true })).toBeVisible();
    await expect(hints(page)).toContainText("deny");
    await expect(hints(page)).not.toContainText("choose");
    await expect(hints(page)).not.toContainText("approve always"); // not offered here
    await expect(decision(page, "Approve always")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit input" })).toHaveCount(0);
    await page.keyboard.press("a"); // not offered: decides nothing
    await expect(page.getByLabel("Input: diff")).toBeVisible();
    await page.keyboard.press("n");
    const dialog = page.getByRole("dialog", { name: "Deny this action" });
    await dialog.getByLabel("Note for the agent (optional)").fill(`keep 3000 ${tag}`);
    await dialog.getByRole("button", { name: "Deny", exact: true }).click();
    // In a request of several questions a decision moves on; the review step sends.
    await expect(page.getByText("Every question is answered.")).toBeVisible();
    await expect(page.getByText("Deny", { exact: true }).filter({ visible: true })).toHaveCount(1);
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
