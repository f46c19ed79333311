/**
 * npm test: every suite but the slow ones (SLOW, below), which `npm run test:slow` runs (jest.slow.config.js);
 * CI runs both.
 * @type {import('jest').Config}
 */
const SLOW = Object.keys(require("./test/slow-suites.json").suites);

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", ...SLOW.map((s) => `<rootDir>/${s}$`)],
  // .ts before .js: a stray compiled file next to a source file must never shadow it.
  moduleFileExtensions: ["ts", "js", "json"],
  transform: {
    // Compiled file by file without type-checking (tsconfig.jest.json): `npm run typecheck` type-checks the tree.
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
    // abnf 5 is ESM-only and Jest on Node 20 cannot require(esm): let ts-jest
    // turn its ES modules into CommonJS for the build-script tests.
    "node_modules/abnf/.+\\.js$": [
      "ts-jest",
      { tsconfig: { allowJs: true, module: "commonjs", esModuleInterop: true }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ["/node_modules/(?!abnf/)"],
};
