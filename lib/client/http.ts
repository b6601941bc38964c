// Until the bridges move into packages/bridge: the retry helpers of @openoxide/questions-client.
export { retrying, retryDelay, sleep } from "@openoxide/questions-client";
