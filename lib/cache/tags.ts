// Cache tags: what a cached value depends on, and what invalidate() is called with when it changes.
export const tokenTag = (tokenId: string) => `token:${tokenId}`;
export const teamTag = (teamId: string) => `team:${teamId}`;
/** A team's set of webhooks (one added); a single webhook's settings use webhookTag. */
/** A team's members (one added or removed). */
export const teamMembersTag = (teamId: string) => `members:${teamId}`;
/** A user's push subscriptions (one added, moved to another user, or removed). */
export const userPushTag = (userId: string) => `push-user:${userId}`;
export const teamWebhooksTag = (teamId: string) => `webhooks:${teamId}`;
export const webhookTag = (webhookId: string) => `webhook:${webhookId}`;
