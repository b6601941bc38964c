// The invitation mail (issue 22): with SMTP_URL set, the invited person gets the single-use link
// by mail, so the admin need not pass it on by hand. Sent at once, not through the outbox: the
// outbox stores what it sends, and a link is a credential we keep only as a hash.
import { escapeHtml, mailTransport } from "../notify/email";
import { notifyConfig } from "../notify/config";
import { log } from "../log";

export type InvitationMail = { to: string; teamName: string; role: string; link: string; expiresAt: string; invitedBy: string };

export function composeInvitationMail(m: InvitationMail): { subject: string; text: string; html: string } {
  const subject = `[Questions] You are invited to ${m.teamName}`.replace(/[\r\n]+/g, " ").slice(0, 200);
  const expires = `${m.expiresAt.slice(0, 16).replace("T", " ")} UTC`;
  const text = `${m.invitedBy} invited you to the team "${m.teamName}" as ${m.role} on OpenOxide Questions, where AI agents ask people for decisions.\n\nSet your password and join here (the link works once, until ${expires}):\n${m.link}\n\nIf you did not expect this, ignore this mail.\n`;
  const html = `<p>${escapeHtml(m.invitedBy)} invited you to the team <strong>${escapeHtml(m.teamName)}</strong> as ${escapeHtml(m.role)} on OpenOxide Questions, where AI agents ask people for decisions.</p><p><a href="${escapeHtml(m.link)}">Set your password and join</a> (the link works once, until ${escapeHtml(expires)}).</p><p>If you did not expect this, ignore this mail.</p>`;
  return { subject, text, html };
}

/** True when mailed; false when SMTP is not configured or sending failed (the admin still has the link). */
export async function mailInvitation(m: InvitationMail): Promise<boolean> {
  if (!notifyConfig().smtpUrl) return false;
  try {
    await mailTransport().sendMail({ from: notifyConfig().mailFrom, to: m.to, ...composeInvitationMail(m) });
    return true;
  } catch (e) {
    // Never the link: it is a credential. The error's own text is SMTP's reply.
    log.warn({ event: "invitation.mail_failed", to: m.to, error: e instanceof Error ? e.message : String(e) });
    return false;
  }
}
