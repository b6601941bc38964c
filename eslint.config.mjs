import next from "eslint-config-next";

const config = [
  { ignores: ["lib/db/generated/**", ".next/**", "node_modules/**", "data/**", "next-env.d.ts", "packages/*/dist/**"] },
  ...next,
];

export default config;
