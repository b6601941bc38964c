// Cache tags: what a cached value depends on, and what invalidate() is called with when it changes.
export const tokenTag = (tokenId: string) => `token:${tokenId}`;
export const teamTag = (teamId: string) => `team:${teamId}`;
/** A team's set of webhooks (one added); a single webhook's settings use webhookTag. */
export const teamWebhooksTag = (teamId: string) => `webhooks:${teamId}`;
export const webhookTag = (webhookId: string) => `webhook:${webhookId}`;
