import next from "eslint-config-next";

const config = [
  { ignores: ["lib/db/generated/**", ".next/**", "node_modules/**", "data/**", "next-env.d.ts", "packages/*/dist/**", "playwright-report/**", "test-results/**"] },
  ...next,
];

export default config;
