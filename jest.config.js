/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // .ts before .js: a stray compiled file next to a source file must never shadow it.
  moduleFileExtensions: ["ts", "js", "json"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
    // abnf 5 is ESM-only and Jest on Node 20 cannot require(esm): let ts-jest
    // turn its ES modules into CommonJS for the build-script tests.
    "node_modules/abnf/.+\\.js$": [
      "ts-jest",
      { tsconfig: { allowJs: true, module: "commonjs", esModuleInterop: true }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ["/node_modules/(?!abnf/)"],
};
