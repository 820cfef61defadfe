/**
 * Every package's tests in one Jest run (Jest projects, one per package with a jest.config.js): `npx jest`,
 * `npx jest libs/pipeline/src/stages`. Each package also runs alone: `npx nx test pipeline`. See jest.preset.js.
 */
const { projectConfig, projectDirs, runOptions } = require('./jest.preset');

module.exports = { ...runOptions, projects: projectDirs().map(projectConfig) };
