// Until the bridges move into packages/bridge: the fitting now lives in @openoxide/questions-client/fit.
export * from "@openoxide/questions-client/fit";
