// Text for Slack: every agent-given string escaped (Slack reads & < > as control characters in
// every text field: `<!here>` pings a channel, `<url|label>` makes a link) and clipped to Block
// Kit's limits without cutting an entity in half.
export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).replace(/&[a-z]*$/, "")}…` : s);

/** Block Kit limits the messages and modals keep to (checked by the tests' stand-in too). */
export const LIMIT = { blocks: 50, modalBlocks: 100, text: 3000, button: 75, option: 75, header: 150, label: 2000, placeholder: 150, modalTitle: 24, value: 2000, input: 3000 } as const;

export const plain = (text: string, max: number) => ({ type: "plain_text" as const, text: clip(esc(text), max), emoji: true });
export const mrkdwn = (text: string) => ({ type: "mrkdwn" as const, text: clip(text, LIMIT.text) });
