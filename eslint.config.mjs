import next from "eslint-config-next";

// One writer per row (docs/decisions.md): QuestionRequest, Event and Delivery rows are written only
// by their modules; everything else calls them.
const ROW_WRITERS = ["lib/questions/request-writes.ts", "lib/events/event-writes.ts", "lib/notify/delivery-writes.ts", "lib/db/fast-insert/**"];
const WRITES = "create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany";
const ONE_WRITER = "QuestionRequest, Event and Delivery rows are written only by lib/questions/request-writes.ts, lib/events/event-writes.ts and lib/notify/delivery-writes.ts.";
// One copy of the server code per process (docs/decisions.md "One HTTP path per route"): Next's
// server files import lib/ through the core package, which Next leaves to Node, never through @/lib
// (which Next would bundle, a second copy with its own state).
const SERVER_FILES = ["app/**/route.ts", "app/**/page.tsx", "app/**/layout.tsx", "app/**/actions.ts", "app/**/*.server.ts", "app/page-role.ts"];
const ONE_COPY = "Server files import lib/ as @openoxide/questions-core/<module> (one copy per process), not @/lib/<module>.";
const FAST_INSERT = ["**/db/fast-insert", "**/db/fast-insert/index", "**/db/fast-insert/pg", "**/db/fast-insert/sqlite"];
const RAW_WRITE = String.raw`/(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(QuestionRequest|Event|Delivery)"/i`;

const config = [
  { ignores: ["lib/db/generated/**", ".next/**", "node_modules/**", "data/**", "next-env.d.ts", "packages/*/dist/**", "playwright-report/**", "test-results/**"] },
  ...next,
  {
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}", "instrumentation.ts", "proxy.ts"],
    ignores: [...ROW_WRITERS, "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `CallExpression[callee.property.name=/^(${WRITES})$/][callee.object.property.name=/^(questionRequest|event|delivery)$/]`, message: ONE_WRITER },
        { selector: `Literal[value=${RAW_WRITE}]`, message: ONE_WRITER },
        { selector: `TemplateElement[value.raw=${RAW_WRITE}]`, message: ONE_WRITER },
      ],
      "no-restricted-imports": ["error", { patterns: [{ group: FAST_INSERT, message: ONE_WRITER }] }],
    },
  },
  {
    files: SERVER_FILES,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: FAST_INSERT, message: ONE_WRITER },
            { group: ["@/lib/*", "**/lib/*"], message: ONE_COPY },
          ],
        },
      ],
    },
  },
];

export default config;
