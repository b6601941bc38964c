// New-request mail: title, agent, questions and a link; plain text and HTML; never an answer
// (only request.created is mailed, and its view has none).
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { QuestionRequest } from "../questions/schemas";
import { notifyConfig } from "./config";
import { requestLink } from "./payload";

const g = globalThis as unknown as { __notifyMail?: { url: string; transport: Transporter } };

/** The SMTP transport for SMTP_URL, one per process (new-request mail and invitations share it). */
export function mailTransport(): Transporter {
  const { smtpUrl, timeoutMs } = notifyConfig();
  if (!smtpUrl) throw new Error("SMTP_URL is not set");
  if (g.__notifyMail?.url !== smtpUrl) {
    g.__notifyMail = {
      url: smtpUrl,
      transport: nodemailer.createTransport(smtpUrl, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs }),
    };
  }
  return g.__notifyMail.transport;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function composeMail(r: QuestionRequest, type = "request.created"): { subject: string; text: string; html: string } {
  const title = r.title || r.questions[0]?.header || "A question";
  const link = requestLink(r.id);
  // An escalation mail goes to the team's escalation list: nobody has answered yet.
  const tag = type === "request.escalated" ? "[Questions] Escalated: " : "[Questions] ";
  const subject = `${tag}${r.agent.name}: ${title}`.replace(/[\r\n]+/g, " ").slice(0, 200);
  const lines = r.questions.map((q, i) => {
    const options = q.options.map((o) => `   - ${o.label}`).join("\n");
    return `${i + 1}. ${q.header}: ${q.prompt}${options ? `\n${options}` : ""}`;
  });
  const text = `${r.agent.name} is waiting for an answer.\n\n${title}\n\n${lines.join("\n\n")}\n\nAnswer it here: ${link}\n`;
  const items = r.questions
    .map((q) => {
      const options = q.options.length ? `<ul>${q.options.map((o) => `<li>${escapeHtml(o.label)}</li>`).join("")}</ul>` : "";
      return `<li><strong>${escapeHtml(q.header)}</strong>: ${escapeHtml(q.prompt)}${options}</li>`;
    })
    .join("");
  const html = `<p><strong>${escapeHtml(r.agent.name)}</strong> is waiting for an answer.</p><h2>${escapeHtml(title)}</h2><ol>${items}</ol><p><a href="${escapeHtml(link)}">Answer it in the inbox</a></p>`;
  return { subject, text, html };
}

export async function sendMail(to: string, r: QuestionRequest, type?: string): Promise<string> {
  const info = await mailTransport().sendMail({ from: notifyConfig().mailFrom, to, ...composeMail(r, type) });
  return String(info.response ?? "accepted");
}
