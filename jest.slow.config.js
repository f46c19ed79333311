/**
 * npm run test:slow: the suites that take longest (test/slow-suites.json, each with why it is slow), apart from
 * `npm test` so that the everyday run stays short. CI runs both.
 * @type {import('jest').Config}
 */
const base = require("./jest.config.js");
const SLOW = Object.keys(require("./test/slow-suites.json").suites);

module.exports = {
  ...base,
  testMatch: SLOW.map((s) => `<rootDir>/${s}`),
  testPathIgnorePatterns: ["/node_modules/"],
};
