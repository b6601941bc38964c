// Until the bridges move into packages/bridge: the client now lives in @openoxide/questions-client.
export * from "@openoxide/questions-client";
export { SseParser } from "./sse";
